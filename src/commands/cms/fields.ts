// The table/TSV columns of `cms query` (wire.md "CMS content"): records, or the groups of an aggregate query.
import type { CmsRecord } from '../../api/schemas/index.js'
import { metaName } from '../../api/shapes.js'
import { aggregateKey, type CmsQuery } from '../../cms/query.js'
import { type Field, pathField, valueAt } from '../../io/output.js'
import type { CmsRow } from '../../sdk/cms.js'

export { isAggregateQuery as isAggregate } from '../../cms/query.js'

/**
 * Columns of records: ID, then the --select fields, else the union of the data fields of `records` (the first
 * page), in first-seen order, so a record with a field the first one lacks still gets its column. The columns are
 * fixed before the first row is printed, so TSV streamed over --all keeps one shape (commands.md, `cms query`).
 * `--select id` is the ID column (not a second, empty one); `--select createdAt` (tags, updatedAt) reads the
 * record's own member when its data has no such field. Each column is named by its JSON path (pathField): a data
 * field `title` is DATA.TITLE, which `--jq '.[].data.title'` reads.
 */
export function recordFields(q: CmsQuery, records: readonly CmsRow[]): Field<CmsRow>[] {
  const selected = q.select?.length ? q.select.filter((n) => n !== 'id') : undefined
  const names = selected ?? dataFieldUnion(records)
  return [
    pathField('id'),
    ...names.map((n) => {
      const member = selected !== undefined && recordMembers.has(metaName(n))
      if (!member) return pathField<CmsRow>(`data.${n}`)
      // `updated_at` (the service's spelling) is the record's `updatedAt` (api/shapes.ts); its data's field first
      return { header: metaName(n).toUpperCase(), get: (r: CmsRow) => valueAt(r.data, n) ?? r[metaName(n)] }
    }),
  ]
}

/** The members of a record beside its data that `--select` may name. */
const recordMembers = new Set(['tags', 'createdAt', 'updatedAt', 'publishedAt'])

/** The data keys of every record, each once, in the order they are first seen. */
function dataFieldUnion(records: readonly CmsRow[]): string[] {
  const names = new Set<string>()
  for (const r of records) for (const k of Object.keys((r as CmsRecord).data ?? {})) names.add(k)
  return [...names]
}

/** Columns of aggregate rows: the grouped fields (groupBy, then select), then each aggregate's member. */
export function aggregateFields(q: CmsQuery): Field<CmsRow>[] {
  const groups = [...new Set([...(q.groupBy ?? []), ...(q.select ?? [])])]
  const keys = [...groups, ...(q.aggregates ?? []).map(aggregateKey)]
  // Rows carry grouped fields under their dotted names (wire.md); a server that nests them is read too.
  return keys.map((k) => ({ header: k.toUpperCase(), get: (r) => (Object.hasOwn(r, k) ? r[k] : valueAt(r, k)) }))
}
