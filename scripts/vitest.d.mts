// Types of scripts/vitest.mjs, for vitest.config.ts.
export const workerV8Flags: string[]
export const vitestV8Flags: string[]
export const vitestEntry: string
