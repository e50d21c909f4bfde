// Following a scenario's executions (`agentry scenario runs --watch`): the service records a run
// when it ends, so an execution that was not on the newest page before has ended since. The newest page (100,
// newest first) is read every interval; what is new is yielded oldest first. More than 100 runs ending within one
// interval would leave the oldest of them unseen: the interval is seconds, the page a hundred.
import type { Execution } from '../api/schemas/index.js'
import type { AgentryClient } from '../sdk/client.js'

/**
 * The executions that end from now on, as they are seen, oldest first; with `since` (ms since the epoch), first
 * those already ended that started at or after it (a run triggered just before the watch began). It never ends by
 * itself: `wait` (the run's, which Ctrl-C ends with a CancelledError) is called between two reads.
 */
export async function* endedExecutions(
  sdk: AgentryClient,
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

async function newestPage(sdk: AgentryClient, scenarioId: string): Promise<Execution[]> {
  const page: Execution[] = []
  for await (const e of sdk.scenarios.executions(scenarioId, { limit: 100 }).firstPage()) page.push(e)
  return page
}
