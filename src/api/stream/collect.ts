// The array form of the callback readers: `push(bytes)` and `end()` return the items that call completed.
// The readers (SSE, NDJSON, stream items) hand each item to a callback as it completes, which the hot path of
// chat uses; tests and simple callers want arrays, and this turns one into the other, once for all of them.

/** A reader that emits items through a callback. */
export interface CallbackReader {
  push(bytes: Uint8Array): void
  end(): void
}

/** Wraps a callback reader so that each push/end returns the items it emitted. */
export function collecting<T, R extends CallbackReader>(
  make: (emit: (item: T) => void) => R,
): { reader: R; push(bytes: Uint8Array): T[]; end(): T[] } {
  let out: T[] = []
  const reader = make((item) => {
    out.push(item)
  })
  const take = (): T[] => {
    const items = out
    out = []
    return items
  }
  return {
    reader,
    push(bytes) {
      reader.push(bytes)
      return take()
    },
    end() {
      reader.end()
      return take()
    },
  }
}
