// The one way to read a body as a stream of items: an async iterable. Each reader underneath (SSE, NDJSON, stream
// items, completion events) is an incremental bytes → items machine that hands items to a callback as they complete;
// `readThrough` drives one over a body and yields what each read completed, so nothing is held beyond one read.
// It also owns the read loop's edges: an idle timeout, an abort signal, stopping early, and releasing the body.
import { StreamIdleTimeoutError } from './errors.js'

/** An incremental reader that emits its items through the callback it was made with. */
export interface CallbackReader {
  push(bytes: Uint8Array): void
  end(): void
  /** true once the reader wants no more input (e.g. after `[DONE]`): reading stops and the body is released */
  readonly stopped?: boolean
  /** thrown after the items emitted before it have been yielded */
  readonly failure?: Error | undefined
}

/** Options of every async reader. */
export interface ReadOptions {
  /** Longest wait for the next bytes (keep-alive comments count); unset or 0 waits forever. */
  idleTimeoutMs?: number | undefined
  /** Aborting stops reading and throws `signal.reason`. */
  signal?: AbortSignal | undefined
}

/**
 * Reads `body` through the reader `make` builds, yielding its items read by read. Throws the body's error, a
 * StreamIdleTimeoutError, `signal.reason`, or the reader's `failure`, each after the items decoded before it.
 * Leaving the loop early releases the body.
 */
export async function* readThrough<T>(
  body: AsyncIterable<Uint8Array>,
  make: (emit: (item: T) => void) => CallbackReader,
  opts: ReadOptions = {},
): AsyncGenerator<T, void, undefined> {
  let out: T[] = []
  const reader = make((item) => {
    out.push(item)
  })
  const take = (): T[] => {
    const items = out
    out = []
    return items
  }
  const iterator = body[Symbol.asyncIterator]()
  let bodyEnded = false
  try {
    while (reader.stopped !== true) {
      const next = await nextWithin(iterator, opts)
      if (next.done) {
        bodyEnded = true
        reader.end()
        yield* take()
        break
      }
      reader.push(next.value)
      yield* take()
    }
    if (reader.failure !== undefined) throw reader.failure
  } finally {
    // Release the body at [DONE], on error, or when the consumer stops early. Not awaited: a stalled source may
    // never settle its return().
    if (!bodyEnded) releaseIterator(iterator)
  }
}

function nextWithin(iterator: AsyncIterator<Uint8Array>, opts: ReadOptions): Promise<IteratorResult<Uint8Array>> {
  const { idleTimeoutMs, signal } = opts
  if (signal?.aborted) return Promise.reject(signal.reason)
  if (!idleTimeoutMs && signal === undefined) return iterator.next()
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const onAbort = (): void => {
      cleanup()
      reject(signal?.reason)
    }
    const cleanup = (): void => {
      if (timer !== undefined) clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    if (idleTimeoutMs) {
      timer = setTimeout(() => {
        cleanup()
        reject(new StreamIdleTimeoutError(idleTimeoutMs))
      }, idleTimeoutMs)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    iterator.next().then(
      (result) => {
        cleanup()
        resolve(result)
      },
      (error: unknown) => {
        cleanup()
        reject(error)
      },
    )
  })
}

function releaseIterator(iterator: AsyncIterator<Uint8Array>): void {
  try {
    const returned = iterator.return?.()
    if (returned !== undefined) returned.then(undefined, () => {})
  } catch {
    // The body is being abandoned; a failure to close it has nobody left to report to.
  }
}
