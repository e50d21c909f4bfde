// CMS content (service-interface 2.6, 4.7; wire.md "CMS content"): the delivery access (cda) reads, the management
// access (cma) reads and writes. Queries are decoded by ../../cms/query-params.ts and run by ../../cms/engine.ts.
import type { CmsRecord } from '../../api/schemas/index.js'
import { runQuery } from '../../cms/engine.js'
import { parseQueryParams, QueryParamError } from '../../cms/query-params.js'
import type { EmulatorState } from '../state.js'
import { type DeclaredBody, type EmuRequest, type HandlerEnv, type HandlerTable, HttpError } from '../types.js'
import { badRequest, isoNow, newId, notFound } from '../kit.js'

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

function collectionOf(state: EmulatorState, req: EmuRequest, create = false): Map<string, CmsRecord> {
  const name = req.params.collection ?? ''
  const found = state.cms.get(name)
  if (found !== undefined) return found
  if (!create) throw notFound('collection', name)
  if (!namePattern.test(name)) throw badRequest('collection: use 1 to 64 letters, digits, _ or -')
  const made = new Map<string, CmsRecord>()
  state.cms.set(name, made)
  return made
}

function findRecord(records: Map<string, CmsRecord>, req: EmuRequest): CmsRecord {
  const id = req.params.recordId ?? ''
  const r = records.get(id)
  if (r === undefined) throw notFound('record', id)
  return r
}

// Each collection's records as an array, rebuilt only after a write through these handlers (or a change of size):
// copying a 100 000-record collection for every page made the emulator, not the client, the cost of a bulk export.
const snapshots = new WeakMap<Map<string, CmsRecord>, CmsRecord[]>()
function recordsOf(records: Map<string, CmsRecord>): CmsRecord[] {
  let list = snapshots.get(records)
  if (list === undefined || list.length !== records.size) {
    list = [...records.values()]
    snapshots.set(records, list)
  }
  return list
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
    accessOf(req)
    const records = collectionOf(env.state, req)
    let query: ReturnType<typeof parseQueryParams>
    try {
      query = parseQueryParams(req.query)
    } catch (e) {
      if (e instanceof QueryParamError) throw new HttpError(400, e.message, {}, 'invalid_query')
      throw e
    }
    return { status: 200, json: runQuery(recordsOf(records), query) }
  },

  cmsGet(req, env) {
    accessOf(req)
    return { status: 200, json: findRecord(collectionOf(env.state, req), req) }
  },

  cmsCreate(req, env) {
    accessOf(req)
    const body = saveBody(req)
    const records = collectionOf(env.state, req, true)
    const now = isoNow(env)
    const record: CmsRecord = { id: newId('rec'), data: body.data, tags: body.tags, createdAt: now, updatedAt: now }
    records.set(record.id, record)
    snapshots.delete(records)
    return { status: 201, json: record }
  },

  // PUT replaces the record; with an id that does not exist yet it creates it under that id (201), so an import of
  // exported records is idempotent.
  cmsUpdate(req, env: HandlerEnv) {
    accessOf(req)
    const body = saveBody(req)
    const id = req.params.recordId ?? ''
    const records = collectionOf(env.state, req, true)
    const now = isoNow(env)
    const old = records.get(id)
    if (old === undefined && !namePattern.test(id)) throw badRequest('id: use 1 to 64 letters, digits, _ or -')
    const record: CmsRecord = { id, data: body.data, tags: body.tags, createdAt: old?.createdAt ?? now, updatedAt: now }
    records.set(id, record)
    snapshots.delete(records)
    return { status: old === undefined ? 201 : 200, json: record }
  },

  cmsDelete(req, env) {
    accessOf(req)
    const records = collectionOf(env.state, req)
    records.delete(findRecord(records, req).id)
    snapshots.delete(records)
    return { status: 204 }
  },
} satisfies HandlerTable
