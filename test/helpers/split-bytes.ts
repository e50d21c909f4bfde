// Cuts bytes into pieces at given offsets, as a network would deliver them: the stream decoders' property tests
// feed the same bytes split every which way and expect the same result.

/** The pieces of `bytes` cut at `points` (any order; offsets past the end are the caller's to wrap). */
export function splitAt(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const sorted = [...points].sort((a, b) => a - b)
  const pieces: Uint8Array[] = []
  let from = 0
  for (const p of sorted) {
    pieces.push(bytes.subarray(from, p))
    from = p
  }
  pieces.push(bytes.subarray(from))
  return pieces
}
