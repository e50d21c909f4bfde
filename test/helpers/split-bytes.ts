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

/** An async body that yields `pieces` (strings are UTF-8 encoded), as a response body would. */
export async function* bodyOf(pieces: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  const enc = new TextEncoder()
  for (const p of pieces) yield typeof p === 'string' ? enc.encode(p) : p
}

/** Everything an async reader yields, and the error it ended with (undefined when it ended normally). */
export async function readAll<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = []
  try {
    for await (const item of iterable) items.push(item)
  } catch (error) {
    return { items, error }
  }
  return { items, error: undefined }
}
