// Content queries over the wire (wire.md "CMS content"): one page, or every page in turn as an async iterable, so
// `--all` and `export` print rows as pages arrive and never hold more than one page. Also the table/TSV columns.
import * as z from 'zod'
import type { ApiClient } from '../../api/client.js'
import { parseBody } from '../../api/client.js'
import { hasNextPage, type Page } from '../../api/pagination.js'
import { type CmsRecord, cmsRecordSchema, pageOf } from '../../api/schemas/index.js'
import { aggregateKey, type CmsQuery } from '../../cms/query.js'
import { QueryParamError, toSearchParams } from '../../cms/query-params.js'
import { CliError, ExitCode, UsageError } from '../../errors.js'
import type { Field } from '../../io/output.js'

/** Which collection, through which access (`cda` delivery or `cma` management). */
export interface CmsTarget {
  collection: string
  access: 'cda' | 'cma'
}

/** A row of a query: a record, or an aggregate row (grouped fields plus `count`, `<field>_<fn>`). */
export type CmsRow = Record<string, unknown>

const rowSchema = z.record(z.string(), z.unknown())
const recordPageSchema = pageOf(cmsRecordSchema)
const rowPageSchema = pageOf(rowSchema)

/** Whether the query answers aggregate rows rather than records (it has aggregates or groupBy). */
export function isAggregate(q: CmsQuery): boolean {
  return (q.aggregates?.length ?? 0) > 0 || (q.groupBy?.length ?? 0) > 0
}

/** The wire parameters of a query, as the client's query object. */
export function queryParams(q: CmsQuery): Record<string, string> {
  try {
    return Object.fromEntries(toSearchParams(q))
  } catch (err) {
    if (err instanceof QueryParamError) throw new UsageError(err.message)
    throw err
  }
}

/** Fetches one page of a query. */
export async function fetchCmsPage(api: ApiClient, target: CmsTarget, q: CmsQuery): Promise<Page<CmsRow>> {
  const res = await api.raw('cmsQuery', {
    params: { access: target.access, collection: target.collection },
    query: queryParams(q),
  })
  const what = `GET /${target.access}/records/${target.collection}`
  const body = await parseBody(res, isAggregate(q) ? rowPageSchema : recordPageSchema, what)
  if (!body) throw new CliError(`the server's answer to ${what} is empty`, { exitCode: ExitCode.server })
  return body as Page<CmsRow>
}

/** The rows of a query: its page (default 1), or with `all` that page and every one after it, in order. */
export async function* cmsRows(
  api: ApiClient,
  target: CmsTarget,
  q: CmsQuery,
  opts: { all: boolean; onPage?: (page: Page<CmsRow>) => void },
): AsyncGenerator<CmsRow> {
  for (let page = q.page ?? 1; ; page++) {
    const res = await fetchCmsPage(api, target, { ...q, page })
    opts.onPage?.(res)
    yield* res.data
    if (!opts.all || !hasNextPage(res, q.pageSize)) return
  }
}

/** The value at a dotted path (`author.name`) inside an object. */
export function valueAt(obj: unknown, path: string): unknown {
  let cur = obj
  for (const seg of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined
    cur = (cur as Record<string, unknown>)[seg]
  }
  return cur
}

/** How many data fields a record table shows when no --select is given. */
export const defaultDataColumns = 4

/** Columns of records: ID, then the selected fields, or the first data keys of the first record. */
export function recordFields(q: CmsQuery, first: CmsRow | undefined): Field<CmsRow>[] {
  const data = (first as CmsRecord | undefined)?.data
  const names = q.select?.length ? q.select : Object.keys(data ?? {}).slice(0, defaultDataColumns)
  return [
    { header: 'ID', get: (r) => r.id },
    ...names.map((n) => ({ header: n.toUpperCase(), get: (r: CmsRow) => valueAt(r.data, n) })),
  ]
}

/** Columns of aggregate rows: the grouped fields (groupBy, then select), then each aggregate's member. */
export function aggregateFields(q: CmsQuery): Field<CmsRow>[] {
  const groups = [...new Set([...(q.groupBy ?? []), ...(q.select ?? [])])]
  const keys = [...groups, ...(q.aggregates ?? []).map(aggregateKey)]
  // Rows carry grouped fields under their dotted names (wire.md); a server that nests them is read too.
  return keys.map((k) => ({ header: k.toUpperCase(), get: (r) => (Object.hasOwn(r, k) ? r[k] : valueAt(r, k)) }))
}
