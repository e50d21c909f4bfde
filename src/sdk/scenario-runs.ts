// Following a scenario's executions (`agentry scenario runs --watch` and `--until-one`, the library's
// `client.scenarios.waitForRun`): the service records a run when it ends, so an execution that was not on the newest page before has ended since. The newest page (100,
// newest first) is read every interval; what is new is yielded oldest first. More than 100 runs ending within one
// interval would leave the oldest of them unseen: the interval is seconds, the page a hundred.
import { TimeoutError } from '../api/errors.js'
import type { Execution } from '../api/schemas/index.js'
import type { ItemList } from './pages.js'

/** What following needs of the client: a scenario's executions, newest first. */
export interface ExecutionsSource {
  executions(scenarioId: string, query?: { limit?: number }): ItemList<Execution>
}

/** How `waitForRun` waits. */
export interface WaitForRunOptions {
  /** count a run that started at or after this time although it ended before the wait began (ms, Date or ISO text) */
  since?: number | Date | string | undefined
  /** give up after this long in all, measured on `now` (TimeoutError); default: no limit */
  timeoutMs?: number | undefined
  /** between two looks at the newest page (default 2000) */
  intervalMs?: number | undefined
  /** the clock (default Date.now) */
  now?: (() => number) | undefined
  /** waits between looks (default: a timer that `signal` ends) */
  sleep?: ((ms: number) => Promise<void>) | undefined
  /** stops the wait (the promise rejects with the signal's reason) */
  signal?: AbortSignal | undefined
}

/**
 * Waits for the next run of `scenarioId` to end and returns it, whatever its status (check `status === 'completed'`).
 * The limit is measured on the clock, looks included: with `timeoutMs: 3000` it gives up at about 3 s however slow
 * each look is, and its last sleep is cut to what is left.
 */
export async function waitForRun(
  source: ExecutionsSource,
  scenarioId: string,
  opts: WaitForRunOptions = {},
): Promise<Execution> {
  const now = opts.now ?? Date.now
  const interval = opts.intervalMs ?? 2000
  const deadline = opts.timeoutMs === undefined ? undefined : now() + opts.timeoutMs
  const sleep =
    opts.sleep ??
    (async (ms: number) => (await import('node:timers/promises')).setTimeout(ms, undefined, { signal: opts.signal }))
  const since = opts.since === undefined ? undefined : new Date(opts.since).getTime()
  const wait = async () => {
    opts.signal?.throwIfAborted()
    const left = deadline === undefined ? interval : deadline - now()
    if (left <= 0)
      throw new TimeoutError(
        `scenario ${scenarioId}: no run ended within ${(opts.timeoutMs ?? 0) / 1000} s`,
        'trigger it again, or wait longer (--wait <seconds>, timeoutMs in the library)',
      )
    await sleep(Math.min(interval, left))
  }
  for await (const e of endedExecutions(source, scenarioId, wait, since)) return e
  throw new Error('unreachable: endedExecutions never ends by itself')
}

/**
 * The executions that end from now on, as they are seen, oldest first; with `since` (ms since the epoch), first
 * those already ended that started at or after it (a run triggered just before the watch began). It never ends by
 * itself: `wait` (the run's, which Ctrl-C ends with a CancelledError) is called between two reads.
 */
export async function* endedExecutions(
  sdk: ExecutionsSource,
  scenarioId: string,
  wait: () => Promise<void>,
  since?: number,
): AsyncGenerator<Execution> {
  const first = await newestPage(sdk, scenarioId)
  const recent = (e: Execution) => since !== undefined && e.startedAt !== undefined && Date.parse(e.startedAt) >= since
  let seen = new Set(first.filter((e) => !recent(e)).map((e) => e.id))
  let page = first
  for (;;) {
    const fresh = page.filter((e) => !seen.has(e.id)).reverse()
    // only ids still on the newest page can be met again: the set never outgrows a page
    seen = new Set(page.map((e) => e.id))
    yield* fresh
    await wait()
    page = await newestPage(sdk, scenarioId)
  }
}

async function newestPage(sdk: ExecutionsSource, scenarioId: string): Promise<Execution[]> {
  const page: Execution[] = []
  for await (const e of sdk.executions(scenarioId, { limit: 100 }).firstPage()) page.push(e)
  return page
}
