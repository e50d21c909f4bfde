// The data fields a content query names, each with the flag that named it (a misspelt field is a
// usage error naming the flag). The record's own members (id, tags, createdAt, updatedAt, publishedAt, and their
// snake_case spellings) are not data fields, and `count:*` names none.
import { metaName } from '../api/shapes.js'
import { aggregateKey, type CmsQuery } from './query.js'
import { type Filter, isGroup } from './where.js'

/** A field a query names, and the flag it came from (`--where`, `--select`, `--order-by`, `--group-by`, `--sum`…). */
export interface FieldRef {
  flag: string
  field: string
}

const recordMembers = new Set(['id', 'tags', 'createdAt', 'updatedAt', 'publishedAt'])

/** Whether a field path names a record's own member rather than a data field. */
function isRecordMember(field: string): boolean {
  return recordMembers.has(metaName(field.split('.')[0] ?? field))
}

function whereFields(f: Filter | undefined, out: string[]): string[] {
  if (f === undefined) return out
  if (isGroup(f)) for (const child of 'and' in f ? f.and : f.or) whereFields(child, out)
  else out.push(f.field)
  return out
}

/**
 * The data fields a query names, each once per flag. An --order-by key that is an aggregate's member (`views_sum`,
 * `count`) or a grouped field is a row member of an aggregate query, not a data field of its own.
 */
export function queryFieldRefs(q: CmsQuery): FieldRef[] {
  const rowMembers = new Set((q.aggregates ?? []).map(aggregateKey))
  const refs: FieldRef[] = [
    ...whereFields(q.where, []).map((field) => ({ flag: '--where', field })),
    ...(q.select ?? []).map((field) => ({ flag: '--select', field })),
    ...(q.groupBy ?? []).map((field) => ({ flag: '--group-by', field })),
    ...(q.orderBy ?? []).filter((o) => !rowMembers.has(o.field)).map((o) => ({ flag: '--order-by', field: o.field })),
    ...(q.aggregates ?? []).filter((a) => a.field !== '*').map((a) => ({ flag: `--${a.fn}`, field: a.field })),
  ]
  const seen = new Set<string>()
  return refs.filter((r) => {
    const key = `${r.flag}\0${r.field}`
    if (isRecordMember(r.field) || seen.has(key)) return false
    seen.add(key)
    return true
  })
}
