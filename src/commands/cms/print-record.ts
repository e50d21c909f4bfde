// How `cms get` and `cms save` print a record: as the service returned it for JSON/YAML, flattened for tables and TSV.
import type { CmsRecord } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'

/**
 * A record as key/value rows for tables and TSV: id, each data field, tags, timestamps, publish state. Each key is
 * the JSON path `--jq` reads (pathField's rule, src/io/output.ts): a data field is `data.title`.
 */
function flatRecord(r: CmsRecord): Record<string, unknown> {
  const flat: Record<string, unknown> = { id: r.id }
  for (const [k, v] of Object.entries(r.data)) flat[`data.${k}`] = v
  flat.tags = r.tags ?? []
  flat.createdAt = r.createdAt
  flat.updatedAt = r.updatedAt
  // null: a draft (management access); a server without drafts sends none
  if (r.publishedAt !== undefined) flat.publishedAt = r.publishedAt ?? 'draft'
  return flat
}

/** Prints one record: as the service returned it for JSON/YAML, flattened for tables and TSV. */
export async function printRecord(ctx: Context, r: CmsRecord): Promise<void> {
  const out = ctx.output()
  await out.item(out.format === 'table' || out.format === 'tsv' ? flatRecord(r) : r)
}
