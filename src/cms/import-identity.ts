// The stable identity of an import line (docs/wire.md "CMS"): its own `id`, or one derived from the collection, the
// line number and the record, saved with PUT (which creates a missing id, 201). A re-run, a resume or a retry after
// a lost answer saves the same line under the same id again: it replaces, never duplicates. Pure.
import { createHash } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { type ImportItem, saveBody } from './import-export.js'

/** Prefix of derived ids (ids are 1–64 of letters, digits, _ and -). */
const derivedIdPrefix = 'imp_'

/** The id a line is saved under: its own, or `imp_` + 32 base64url characters of a SHA-256 of where and what it is. */
export function lineIdentity(collection: string, line: number, item: ImportItem, ignoreIds: boolean): string {
  if (item.id !== undefined && !ignoreIds) return item.id
  const digest = createHash('sha256')
    .update(`${collection}\n${line}\n${JSON.stringify(saveBody(item))}`)
    .digest('base64url')
  return `${derivedIdPrefix}${digest.slice(0, 32)}`
}

/** Whether a record read back from the server is what the line saves (tags compared as sets: the server dedups). */
export function holdsItem(record: { data?: unknown; tags?: unknown }, item: ImportItem): boolean {
  const tags = Array.isArray(record.tags) ? new Set(record.tags) : new Set()
  return isDeepStrictEqual(record.data, item.data) && isDeepStrictEqual(tags, new Set(item.tags ?? []))
}
