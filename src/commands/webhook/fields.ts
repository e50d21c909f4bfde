// How webhooks are shown: a table of the interesting members, and the secret hidden unless asked for
// (ARCHITECTURE.md "Secrets": the secret authenticates triggers, so it stays off screens and logs by default).
import type { Webhook } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'

/** Columns of `webhook list`. */
export const webhookFields: Field<Webhook>[] = [
  { header: 'ID', get: (w) => w.id },
  { header: 'NAME', get: (w) => w.name },
  { header: 'STATUS', get: (w) => w.status },
  { header: 'SCENARIO', get: (w) => w.scenarioId, id: true },
  { header: 'URL', get: (w) => w.url },
]

/** What a hidden secret shows as. */
const hiddenSecret = '[hidden: --show-secret]'

/**
 * The webhook to print: its secret registered with the redactor, and hidden unless `show`. A table or TSV shows
 * the marker; JSON, NDJSON and YAML leave the member out, so that the service's object never carries a value the
 * service did not send (a script reading `.secret` gets nothing rather than a wrong secret).
 */
export function shownWebhook(ctx: Context, w: Webhook, show: boolean): Webhook {
  if (typeof w.secret !== 'string') return w
  ctx.redactor.add(w.secret)
  if (show) return w
  const format = ctx.outputFormat()
  if (format === 'table' || format === 'tsv') return { ...w, secret: hiddenSecret }
  const { secret: _hidden, ...rest } = w
  return rest as Webhook
}

/** Maps an async list of webhooks through shownWebhook. */
export async function* shownWebhooks(ctx: Context, items: AsyncIterable<Webhook>, show: boolean) {
  for await (const w of items) yield shownWebhook(ctx, w, show)
}
