// Kept for branches written before the HTTP kit moved to ../kit.ts (issue 8): import from '../kit.js' instead.
export * from '../kit.js'
