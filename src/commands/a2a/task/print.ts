// How `a2a task get|cancel` print a task: the whole task as data, or a summary row for tables and TSV.
import type { Context } from '../../../context.js'
import { replyText, stateOf } from '../../../a2a/protocol.js'

/** A task as key/value rows for tables and TSV. */
function taskSummary(task: unknown): Record<string, unknown> {
  const t = (task ?? {}) as { id?: unknown; contextId?: unknown; status?: { timestamp?: unknown } }
  return {
    id: t.id,
    contextId: t.contextId,
    state: stateOf(task),
    updated: t.status?.timestamp,
    reply: replyText(task),
  }
}

/** Prints a task in the run's output format. */
export async function printTask(ctx: Context, task: unknown): Promise<void> {
  const out = ctx.output()
  await out.item(out.format === 'table' || out.format === 'tsv' ? taskSummary(task) : task)
}
