// Types of scripts/elf-inject.mjs, for its test.
export function injectNote(file: string, name: string, blob: Uint8Array, fuse: string): void
