// A misspelt field of `cms query` is a usage error with a suggestion, not an empty answer. The
// check runs only when the answer looks like one (no rows, or a named field in no row seen), so a query that is
// fine costs no request more; then the fields are those of the collection's record type (GET …/record-types/{slug})
// where it has one, else those of the records seen (a page of the collection, unfiltered). `cms save` checks its
// --data against the record type only (without one, any member may be new).
import { valueAt } from '../../io/output.js'
import { ApiError } from '../../api/errors.js'
import { isRecord } from '../../api/is-record.js'
import { type FieldTree, treeOfRecords, treeOfSchema, unknownField } from '../../cms/field-tree.js'
import { type CmsQuery, isAggregateQuery, maxPageSize } from '../../cms/query.js'
import { type FieldRef, queryFieldRefs } from '../../cms/query-fields.js'
import { UsageError } from '../../errors.js'
import { didYouMean } from '../../io/did-you-mean.js'
import type { AgentryClient } from '../../sdk/client.js'
import type { CmsAccess, CmsRow } from '../../sdk/cms.js'

/** The fields a collection is known to have, and where they come from (for the hint). */
interface Known {
  tree: FieldTree
  from: string
  /** from the record type (else from records seen) */
  typed: boolean
}

/**
 * Whether the first page looks like what a misspelt field gives: no rows, a field no record has, or a grouped field
 * null in every row (an aggregate's own member, `viewz_sum`, is not read: a server may leave a null one out).
 */
function looksMisspelt(q: CmsQuery, refs: readonly FieldRef[], rows: readonly CmsRow[]): boolean {
  if (rows.length === 0) return true
  if (isAggregateQuery(q))
    return refs.some(
      (r) => r.flag === '--group-by' && rows.every((row) => (row[r.field] ?? valueAt(row, r.field)) == null),
    )
  return refs.some((r) => rows.every((row) => valueAt(row.data, r.field) === undefined))
}

/** Answers of the record-type lookup that mean "none": not found, no such method or route. */
const routeAbsent = new Set([404, 405, 501])

/** The record type's fields, else those of a page of records; undefined when nothing is known (an empty collection). */
async function knownFields(
  sdk: AgentryClient,
  collection: string,
  access: CmsAccess,
  typedOnly = false,
): Promise<Known | undefined> {
  try {
    const tree = treeOfSchema((await sdk.recordTypes.get(collection)).schema)
    if (tree) return { tree, from: 'its record type', typed: true }
  } catch (err) {
    // no record type, or (our route is inferred) a service without the route
    if (!(err instanceof ApiError && routeAbsent.has(err.status))) throw err
  }
  if (typedOnly) return undefined
  const datas: unknown[] = []
  for await (const r of sdk.cms.query({ collection, access }, { pageSize: maxPageSize }).firstPage())
    if (isRecord(r.data)) datas.push(r.data)
  if (datas.length === 0) return undefined
  return { tree: treeOfRecords(datas), from: `the ${datas.length} records seen`, typed: false }
}

/** A usage error naming each field the collection does not have, with a suggestion; none when all are known. */
function unknownFieldsError(collection: string, known: Known, refs: readonly FieldRef[]): UsageError | undefined {
  const problems: string[] = []
  for (const ref of refs) {
    const miss = unknownField(known.tree, ref.field)
    if (!miss) continue
    const prefix = miss.parent === '' ? '' : `${miss.parent}.`
    const hint = didYouMean(miss.name, miss.known, (n) => prefix + n)
    problems.push(`${ref.flag}: ${collection} has no field ${ref.field}${hint ? ` (${hint})` : ''}`)
  }
  if (problems.length === 0) return undefined
  const names = [...known.tree.keys()]
  return new UsageError(
    [...new Set(problems)].join('; '),
    `the fields of ${collection} (${known.from}): ${names.join(', ')}`,
  )
}

/** Throws a usage error when the query names a field the collection does not have and its first page shows it. */
export async function checkQueryFields(
  sdk: AgentryClient,
  target: { collection: string; access: CmsAccess },
  q: CmsQuery,
  firstPage: readonly CmsRow[],
): Promise<void> {
  const refs = queryFieldRefs(q)
  if (refs.length === 0 || !looksMisspelt(q, refs, firstPage)) return
  const known = await knownFields(sdk, target.collection, target.access)
  if (!known) return
  // a field the page of records seen lacks may still be in a record beyond it: one record that has it clears it
  const unknown = refs.filter((r) => unknownField(known.tree, r.field))
  const confirmed = known.typed ? unknown : await absentFields(sdk, target, unknown)
  const err = unknownFieldsError(target.collection, known, confirmed)
  if (err) throw err
}

/** The refs whose field no record of the collection has (a query `field neq null` answers none). */
async function absentFields(
  sdk: AgentryClient,
  target: { collection: string; access: CmsAccess },
  refs: readonly FieldRef[],
): Promise<FieldRef[]> {
  const absent: FieldRef[] = []
  for (const ref of refs) {
    const where = { field: ref.field, op: 'neq' as const, value: null }
    const page = await sdk.cms.query(target, { where, pageSize: 1 }).firstPage()[Symbol.asyncIterator]().next()
    if (page.done) absent.push(ref)
  }
  return absent
}

/** The member paths of `data` that `tree` does not know (nested objects are walked where the tree knows their fields). */
function dataPaths(tree: FieldTree, data: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = []
  for (const [name, value] of Object.entries(data)) {
    const sub = tree.get(name)
    if (sub === undefined) out.push(prefix + name)
    else if (sub !== null && isRecord(value)) out.push(...dataPaths(sub, value, `${prefix}${name}.`))
  }
  return out
}

/**
 * Throws a usage error when `data` (a `cms save` body) has a member the collection's record type does not declare;
 * nothing is checked for a collection without a record type (any member may be new).
 */
export async function checkSaveFields(
  sdk: AgentryClient,
  collection: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (Object.keys(data).length === 0) return
  const known = await knownFields(sdk, collection, 'cma', true)
  if (!known) return
  const refs = dataPaths(known.tree, data).map((field) => ({ flag: '--data', field }))
  const err = unknownFieldsError(collection, known, refs)
  if (err) throw err
}
