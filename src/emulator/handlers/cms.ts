// CMS content (service-interface 2.6, 4.7; wire.md "CMS content"): the delivery access (cda) reads what is published,
// the management access (cma) reads and writes drafts and publishes them (../cms-records.ts). Queries are decoded by
// ../../cms/query-params.ts and run by ../../cms/engine.ts.
import type { CmsRecord } from '../../api/schemas/index.js'
import { runQuery } from '../../cms/engine.js'
import { parseQueryParams, QueryParamError } from '../../cms/query-params.js'
import {
  deliveryView,
  managementView,
  publishedNow,
  type StoredCmsRecord,
  unpublished,
  written,
} from '../cms-records.js'
import type { EmulatorState } from '../state.js'
import { type DeclaredBody, type EmuRequest, type HandlerEnv, type HandlerTable, HttpError } from '../types.js'
import { badRequest, isoNow, listPage, newId, notFound } from '../kit.js'
import { mergePatch } from '../../cms/merge-patch.js'
import { recordTypeOf, typedSlugs } from '../record-types.js'

const namePattern = /^[A-Za-z0-9_-]{1,64}$/

/** The access a request uses: the `{access}` parameter of read routes, `cma` for the write routes. */
function accessOf(req: EmuRequest): 'cda' | 'cma' {
  const access = req.params.access ?? 'cma'
  if (access !== 'cda' && access !== 'cma') {
    throw new HttpError(
      404,
      `unknown content access "${access}": use cda (delivery) or cma (management)`,
      {},
      'not_found',
    )
  }
  // whether the key may use this access was checked by ../scope.ts before the handler ran
  return access
}

function collectionOf(state: EmulatorState, req: EmuRequest, create = false): Map<string, StoredCmsRecord> {
  const name = req.params.collection ?? ''
  const found = state.cms.get(name)
  if (found !== undefined) return found
  if (!create) throw notFound('collection', name)
  if (!namePattern.test(name)) throw badRequest('collection: use 1 to 64 letters, digits, _ or -')
  const made = new Map<string, StoredCmsRecord>()
  state.cms.set(name, made)
  return made
}

/** The stored record the path names (a draft too: the caller decides what the access may see). */
function findRecord(records: Map<string, StoredCmsRecord>, req: EmuRequest): StoredCmsRecord {
  const id = req.params.recordId ?? ''
  const r = records.get(id)
  if (r === undefined) throw notFound('record', id)
  return r
}

/** The record as `access` shows it; a draft is not found through the delivery access. */
function visible(r: StoredCmsRecord, access: 'cda' | 'cma'): CmsRecord {
  const shown = access === 'cma' ? managementView(r) : deliveryView(r)
  if (shown === undefined) throw notFound('record', r.id)
  return shown
}

// Each collection's records as each access shows them, rebuilt only after a write through these handlers (or a
// change of size): copying a 100 000-record collection for every page made the emulator, not the client, the cost
// of a bulk export.
const snapshots = { cda: new WeakMap<object, Snapshot>(), cma: new WeakMap<object, Snapshot>() }
interface Snapshot {
  size: number
  list: CmsRecord[]
}
function recordsOf(records: Map<string, StoredCmsRecord>, access: 'cda' | 'cma'): CmsRecord[] {
  let snap = snapshots[access].get(records)
  if (snap === undefined || snap.size !== records.size) {
    const list: CmsRecord[] = []
    for (const r of records.values()) {
      const shown = access === 'cma' ? managementView(r) : deliveryView(r)
      if (shown !== undefined) list.push(shown)
    }
    snap = { size: records.size, list }
    snapshots[access].set(records, snap)
  }
  return snap.list
}

/** After a write: both views of the collection are made again on the next read. */
function changed(records: Map<string, StoredCmsRecord>): void {
  snapshots.cda.delete(records)
  snapshots.cma.delete(records)
}

/** `{data, tags?}` (service-interface 2.6); tags travel comma-separated in queries, so none may hold a comma. */
function saveBody(req: EmuRequest): { data: Record<string, unknown>; tags: string[] } {
  const body = req.input as DeclaredBody<'cmsCreate' | 'cmsUpdate'>
  const tags = body.tags ?? []
  const bad = tags.findIndex((t) => t.trim() === '' || t.includes(',') || t.trim() !== t)
  if (bad >= 0) throw badRequest(`tags.${bad}: a tag must be non-empty, without commas or surrounding spaces`)
  return { data: body.data, tags: [...new Set(tags)] }
}

/** Handlers of the CMS record routes. */
export const cmsHandlers = {
  cmsQuery(req, env) {
    const access = accessOf(req)
    const records = collectionOf(env.state, req)
    let query: ReturnType<typeof parseQueryParams>
    try {
      query = parseQueryParams(req.query)
    } catch (e) {
      if (e instanceof QueryParamError) throw new HttpError(400, e.message, {}, 'invalid_query')
      throw e
    }
    // the SDK's nlSearch is on the delivery access only
    if (query.search && access === 'cma')
      throw new HttpError(
        400,
        'nl_query: natural-language search is on the delivery access (cda) only',
        {},
        'invalid_query',
      )
    return { status: 200, json: runQuery(recordsOf(records, access), query, env.now()) }
  },

  cmsGet(req, env) {
    const access = accessOf(req)
    return { status: 200, json: visible(findRecord(collectionOf(env.state, req), req), access) }
  },

  // a new record is a draft until published
  cmsCreate(req, env) {
    accessOf(req)
    const body = saveBody(req)
    const records = collectionOf(env.state, req, true)
    const record = written(undefined, newId('rec'), body, isoNow(env))
    records.set(record.id, record)
    changed(records)
    return { status: 201, json: managementView(record) }
  },

  // PUT replaces the record; with an id that does not exist yet it creates it under that id (201), so an import of
  // exported records is idempotent. A published record keeps being delivered as it was published.
  cmsUpdate(req, env: HandlerEnv) {
    accessOf(req)
    const body = saveBody(req)
    const id = req.params.recordId ?? ''
    const records = collectionOf(env.state, req, true)
    const old = records.get(id)
    if (old === undefined && !namePattern.test(id)) throw badRequest('id: use 1 to 64 letters, digits, _ or -')
    const record = written(old, id, body, isoNow(env))
    records.set(id, record)
    changed(records)
    return { status: old === undefined ? 201 : 200, json: managementView(record) }
  },

  // RFC 7396 merge patch of {data, tags}: only the members given change; a draft until published
  cmsPatch(req, env) {
    const records = collectionOf(env.state, req)
    const old = findRecord(records, req)
    const body = req.input as DeclaredBody<'cmsPatch'>
    const data = body.data === undefined ? old.data : (mergePatch(old.data, body.data) as Record<string, unknown>)
    const record = written(old, old.id, { data, tags: body.tags ?? old.tags ?? [] }, isoNow(env))
    records.set(record.id, record)
    changed(records)
    return { status: 200, json: managementView(record) }
  },

  cmsDelete(req, env) {
    accessOf(req)
    const records = collectionOf(env.state, req)
    records.delete(findRecord(records, req).id)
    changed(records)
    return { status: 204 }
  },

  cmsPublish(req, env) {
    const records = collectionOf(env.state, req)
    const record = publishedNow(findRecord(records, req), isoNow(env))
    records.set(record.id, record)
    changed(records)
    return { status: 200, json: managementView(record) }
  },

  // the record types of the seeded collections that exist (../record-types.ts)
  recordTypesList(req, env) {
    const types = typedSlugs.filter((slug) => env.state.cms.has(slug)).flatMap((slug) => recordTypeOf(slug) ?? [])
    return { status: 200, json: listPage(types, req) }
  },

  recordTypesGet(req, env) {
    const slug = req.params.slug ?? ''
    const type = env.state.cms.has(slug) ? recordTypeOf(slug) : undefined
    if (type === undefined) throw notFound('record type', slug)
    return { status: 200, json: type }
  },

  cmsUnpublish(req, env) {
    const records = collectionOf(env.state, req)
    const record = unpublished(findRecord(records, req))
    records.set(record.id, record)
    changed(records)
    return { status: 200, json: managementView(record) }
  },
} satisfies HandlerTable
