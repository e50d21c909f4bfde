// A bounded ordered window (cms export --concurrency): items are fetched up to `size` at a time, in parallel, and
// handed out strictly in their input order. At most `size` results exist at once (in flight or waiting to be
// taken, the one being consumed included), so memory stays flat however many items there are, and a slow consumer
// (a full stdout pipe) holds back the fetching: nothing new starts until the head has been consumed.

/**
 * Yields `fetch(k)` for each k of `keys`, in order, with at most `size` fetches started and not yet consumed. The
 * first failure (in order) is thrown when its turn comes; fetches still running then are awaited and ignored.
 */
export async function* orderedWindow<K, T>(
  keys: Iterable<K>,
  size: number,
  fetch: (key: K) => Promise<T>,
): AsyncGenerator<T> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('the window size must be ≥ 1')
  const it = keys[Symbol.iterator]()
  const queue: Promise<T>[] = []
  let exhausted = false
  const fill = () => {
    while (!exhausted && queue.length < size) {
      const next = it.next()
      if (next.done) exhausted = true
      else {
        const p = fetch(next.value)
        // a failure is handled when its turn comes; until then it must not count as unhandled
        p.catch(() => {})
        queue.push(p)
      }
    }
  }
  try {
    fill()
    while (queue.length > 0) {
      const value = await queue[0]!
      yield value
      queue.shift()
      fill()
    }
  } finally {
    // on an early exit (a failure, the consumer stopped) nothing is left running behind the caller's back
    await Promise.allSettled(queue)
  }
}
