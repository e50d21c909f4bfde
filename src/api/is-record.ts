// One test of "a plain JSON object" for every reader of loose JSON (answers, streams, content lines, patches).

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
