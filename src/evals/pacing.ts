// The pace of a test run: a 429 answer is the service asking us to slow down, not a failed case.
// The requests in flight are bounded by a limit that starts at --concurrency, halves on each 429 (at most once per
// wave: the 429s of requests sent at the old limit do not halve it again), and grows back by one after as many
// answers in a row as the limit, to requests sent since (additive increase, multiplicative decrease). Every request waits out the longest
// Retry-After asked (retry.ts' reading of it, up to 60 s); the rate-limited request is sent again, at most
// `maxRateLimitRetries` times, so a run always ends.
import { CancelledError, RateLimitError } from '../api/errors.js'
import { retryDelay } from '../api/retry.js'

/** How many times one request is sent again after a 429 before it counts as the case's error. */
export const maxRateLimitRetries = 8

/** The limit of requests in flight, lowered by 429s and raised by answers. */
export class Pacer {
  /** the requests in flight allowed now */
  limit: number
  private inFlight = 0
  private readonly waiting: (() => void)[] = []
  /** no request starts before this time (a Retry-After) */
  private resumeAt = 0
  private streak = 0
  /** a 429 of a request sent before this count of decreases does not lower the limit again */
  private decreases = 0

  constructor(
    private readonly max: number,
    private readonly wait: (ms: number) => Promise<void>,
    private readonly now: () => number = Date.now,
    /** told each time the limit is lowered */
    private readonly onSlowDown?: (limit: number, waitMs: number) => void,
  ) {
    this.limit = max
  }

  /**
   * Sends `request` when a slot is free, again after each 429 (at most maxRateLimitRetries times); resolves to its
   * answer and how many 429s it met, or throws its last error.
   */
  async send<T>(request: () => Promise<T>, signal?: AbortSignal): Promise<{ value: T; rateLimited: number }> {
    for (let attempt = 0; ; attempt++) {
      const wave = await this.acquire(signal)
      try {
        const value = await request()
        this.answered(wave)
        return { value, rateLimited: attempt }
      } catch (err) {
        if (!(err instanceof RateLimitError) || attempt >= maxRateLimitRetries) throw err
        // Retry-After beyond 60 s: not waited for (the run would look hung); the case keeps its 429
        const delay = retryDelay(attempt, err.retryAfter)
        if (delay === undefined) throw err
        this.rateLimited(wave, delay)
      } finally {
        this.release()
      }
    }
  }

  private async acquire(signal: AbortSignal | undefined): Promise<number> {
    for (;;) {
      if (signal?.aborted) throw new CancelledError()
      const pause = this.resumeAt - this.now()
      if (pause > 0) await this.wait(pause)
      else if (this.inFlight < this.limit) break
      else await new Promise<void>((resolve) => this.waiting.push(resolve))
    }
    this.inFlight++
    return this.decreases
  }

  private release(): void {
    this.inFlight--
    this.waiting.shift()?.()
  }

  /** An answer: after as many answers as the limit, sent since it was last lowered, one more request is allowed. */
  private answered(wave: number): void {
    if (wave !== this.decreases || ++this.streak < this.limit || this.limit >= this.max) return
    this.streak = 0
    this.limit++
    this.waiting.shift()?.()
  }

  private rateLimited(wave: number, delay: number): void {
    this.streak = 0
    this.resumeAt = Math.max(this.resumeAt, this.now() + delay)
    if (wave !== this.decreases) return
    this.decreases++
    this.limit = Math.max(1, Math.floor(this.limit / 2))
    this.onSlowDown?.(this.limit, delay)
  }
}
