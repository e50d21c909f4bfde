// Content queries through the SDK (wire.md "CMS content"): one page, or every page in turn as an async iterable, so
// `--all` and `export` print rows as pages arrive and never hold more than one page. Also the table/TSV columns.
import type { Page } from '../../api/pagination.js'
import type { CmsRecord } from '../../api/schemas/index.js'
import { aggregateKey, type CmsQuery } from '../../cms/query.js'
import type { Field } from '../../io/output.js'
import type { AgentryClient } from '../../sdk/client.js'
import type { CmsRow } from '../../sdk/cms.js'

export { isAggregateQuery as isAggregate } from '../../cms/query.js'
export type { CmsRow } from '../../sdk/cms.js'

/** Which collection, through which access (`cda` delivery or `cma` management). */
export interface CmsTarget {
  collection: string
  access: 'cda' | 'cma'
}

/** The rows of a query: its page (default 1), or with `all` that page and every one after it, in order. */
export async function* cmsRows(
  sdk: AgentryClient,
  target: CmsTarget,
  q: CmsQuery,
  opts: { all: boolean; onPage?: (page: Page<CmsRow>) => void },
): AsyncGenerator<CmsRow> {
  for await (const page of sdk.cms.query(target, q).pages(opts.all ? Number.POSITIVE_INFINITY : 1)) {
    opts.onPage?.(page)
    yield* page.data
  }
}

/** The value at a dotted path (`author.name`) inside an object. */
function valueAt(obj: unknown, path: string): unknown {
  let cur = obj
  for (const seg of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined
    cur = (cur as Record<string, unknown>)[seg]
  }
  return cur
}

/**
 * Columns of records: ID, then the --select fields, else the union of the data fields of `records` (the first
 * page), in first-seen order, so a record with a field the first one lacks still gets its column. The columns are
 * fixed before the first row is printed, so TSV streamed over --all keeps one shape (commands.md, `cms query`).
 */
export function recordFields(q: CmsQuery, records: readonly CmsRow[]): Field<CmsRow>[] {
  const names = q.select?.length ? q.select : dataFieldUnion(records)
  return [
    { header: 'ID', get: (r) => r.id },
    ...names.map((n) => ({ header: n.toUpperCase(), get: (r: CmsRow) => valueAt(r.data, n) })),
  ]
}

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
