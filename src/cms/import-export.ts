// The NDJSON exchange format of `cms export` / `cms import` (commands.md): one record a line. Export writes the
// records as the service returns them ({id, data, tags, createdAt, updatedAt, publishedAt}); import takes such a
// record or a bare `{data, tags?}` (service-interface 2.6: a record is saved with `data` and optional `tags`), and
// keeps its publish state (publishStep). Pure, except the pool.
import { stringifyJson } from '../text/sanitize.js'
import { isRecord } from '../api/is-record.js'

/** One valid import line: saved with PUT under `id`, or under a derived id without one (./import-identity.ts). */
export interface ImportItem {
  id?: string
  data: Record<string, unknown>
  tags?: string[]
  /**
   * the exported publish state: published as saved; a draft; published with changes since (`pending`: the saved data
   * is a draft, the server keeps delivering what it had); absent: as the server has it
   */
  publish?: 'published' | 'draft' | 'pending'
}

/** The outcome of checking one line: the item, nothing (a blank line), or why it cannot be imported. */
export type ImportLineResult = { ok: true; item: ImportItem } | { ok: false; error: string } | { ok: 'blank' }

/** Members an exported record carries that a save does not take (the server sets them); ignored on import. */
const serverMembers = new Set(['createdAt', 'updatedAt', 'publishedAt'])
const known = new Set(['id', 'data', 'tags', ...serverMembers])

/** Checks one line of an import file (a BOM or trailing CR is tolerated; blank lines are skipped). */
export function parseImportLine(text: string): ImportLineResult {
  const line = text.replace(/^\uFEFF/, '').replace(/\r$/, '')
  if (line.trim() === '') return { ok: 'blank' }
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch (err) {
    return { ok: false, error: `not valid JSON (${(err as Error).message})` }
  }
  if (!isRecord(value)) return { ok: false, error: 'a line must be a JSON object like {"data":{…},"tags":[…]}' }
  const unknown = Object.keys(value).filter((k) => !known.has(k))
  if (unknown.length > 0)
    return {
      ok: false,
      error: `unknown member ${unknown.map((k) => JSON.stringify(k)).join(', ')}; a line is {"id"?, "data", "tags"?}`,
    }
  if (!('data' in value)) return { ok: false, error: 'data is missing; a line is {"id"?, "data", "tags"?}' }
  if (!isRecord(value.data)) return { ok: false, error: 'data must be a JSON object' }
  const item: ImportItem = { data: value.data }
  if (value.id !== undefined && value.id !== null) {
    if (typeof value.id !== 'string' || value.id === '') return { ok: false, error: 'id must be a non-empty string' }
    item.id = value.id
  }
  if (value.tags !== undefined && value.tags !== null) {
    if (!Array.isArray(value.tags)) return { ok: false, error: 'tags must be an array of strings' }
    const bad = value.tags.findIndex(
      (t) => typeof t !== 'string' || t.trim() === '' || t.includes(',') || t.trim() !== t,
    )
    // Tags travel comma-separated in queries (wire.md), so a tag with a comma could never be queried.
    if (bad >= 0) return { ok: false, error: `tags[${bad}] must be a non-empty string without commas or outer spaces` }
    item.tags = value.tags as string[]
  }
  const state = publishStateOf(value)
  if (typeof state === 'object') return state
  if (state !== undefined) item.publish = state
  return { ok: true, item }
}

/**
 * The publish state a line asks for: `publishedAt` a time, published — unless the line's `updatedAt` is later (the
 * record had changes not yet published: its data is a draft, and publishing it would deliver that draft: pending);
 * null, a draft; absent, whatever the server has.
 */
function publishStateOf(value: Record<string, unknown>): ImportItem['publish'] | { ok: false; error: string } {
  const at = value.publishedAt
  if (at === undefined) return undefined
  if (at === null) return 'draft'
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at)))
    return { ok: false, error: 'publishedAt must be a time (ISO 8601) or null' }
  const changed = typeof value.updatedAt === 'string' && Date.parse(value.updatedAt) > Date.parse(at)
  return changed ? 'pending' : 'published'
}

/** What a saved record still needs to hold the line's publish state: a publish, an unpublish, or nothing. */
export function publishStep(
  item: ImportItem,
  saved: { publishedAt?: string | null | undefined },
): 'publish' | 'unpublish' | undefined {
  if (item.publish === 'published') return 'publish'
  if (item.publish === 'draft' && typeof saved.publishedAt === 'string') return 'unpublish'
  return undefined
}

/** The body of the save request of an item: `{data, tags?}` (wire.md "CMS content"). */
export function saveBody(item: ImportItem): { data: Record<string, unknown>; tags?: string[] } {
  return item.tags ? { data: item.data, tags: item.tags } : { data: item.data }
}

/** One line of the `<file>.failed.ndjson` report: where it was, why it failed, and the line itself. */
export function failedLine(line: number, error: string, input: string): string {
  let parsed: unknown = input
  try {
    parsed = JSON.parse(input)
  } catch {
    // kept as the raw text: it was not JSON
  }
  return `${stringifyJson({ line, error, input: parsed })}\n`
}

/** One export line: the record as the service returned it (C1 controls escaped, like all JSON output). */
export function exportLine(record: unknown): string {
  return `${stringifyJson(record)}\n`
}

/**
 * Runs `work` over `items` with at most `concurrency` calls in flight, pulling the next item only when a slot is
 * free, so memory stays flat however long the input. Resolves when every call has settled; `work` must not throw
 * (it reports its own failures).
 */
export async function forEachConcurrent<T>(
  items: AsyncIterable<T> | Iterable<T>,
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be ≥ 1`)
  const running = new Set<Promise<void>>()
  try {
    for await (const item of items) {
      const p: Promise<void> = work(item).finally(() => running.delete(p))
      running.add(p)
      if (running.size >= concurrency) await Promise.race(running)
    }
  } finally {
    // also when reading the items fails: nothing is left running behind the caller's back
    await Promise.allSettled(running)
  }
}
