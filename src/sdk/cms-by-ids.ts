// Several records of a collection by id, as the official SDK's `recordType(slug).getByIds([ids])`.
// The service documents no batch route, so this is done on the client over the declared routes: one query
// `where id in [ids]` per hundred ids (cmsQuery, the SDK cookbook's own `where('id', 'in', …)`), then each id the
// query did not return is asked for alone (cmsGet): a record whose data has its own `id` field (which the query's
// field lookup reads first, wire.md "CMS") is still found, and an id is called missing only on a 404.
import type { CmsRecord } from '../api/schemas/content.js'
import { NotFoundError } from '../api/errors.js'
import { maxPageSize } from '../cms/query.js'
import type { CmsRow } from './cms.js'
import type { ItemList } from './pages.js'

/** The records found, in the order asked (each id once), and the ids not found, in the order asked. */
export interface CmsRecordsByIds {
  records: CmsRecord[]
  missing: string[]
}

type Query = (ids: string[]) => ItemList<CmsRow>
type GetOne = (id: string) => Promise<CmsRecord>

/** The records of `ids` (duplicates asked once) through `query` (ids in) and `getOne` (the ids it did not return). */
export async function recordsByIds(ids: readonly string[], query: Query, getOne: GetOne): Promise<CmsRecordsByIds> {
  const wanted = [...new Set(ids)]
  const found = new Map<string, CmsRecord>()
  for (let i = 0; i < wanted.length; i += maxPageSize) {
    const chunk = wanted.slice(i, i + maxPageSize)
    const asked = new Set(chunk)
    for (const row of await query(chunk).toArray()) {
      const r = row as CmsRecord
      if (typeof r.id === 'string' && asked.has(r.id)) found.set(r.id, r)
    }
  }
  const missing: string[] = []
  for (const id of wanted) {
    if (found.has(id)) continue
    try {
      found.set(id, await getOne(id))
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err
      missing.push(id)
    }
  }
  return { records: wanted.flatMap((id) => found.get(id) ?? []), missing }
}

/** The query of a chunk of ids: `where id in [chunk]`, one page of up to a hundred. */
export const idsQuery = (chunk: readonly string[]) => ({
  where: { field: 'id', op: 'in' as const, value: [...chunk] },
  pageSize: maxPageSize,
})
