// Content records (service-interface 4.7; wire.md "CMS content"): a fluent query in the service's own vocabulary
// (`client.cms.from('posts').where('status', '=', 'published').orderBy('date', 'desc')`, the one builder of
// src/cms/query-builder.ts) that is also an async iterable over its rows, and the record calls.
import type { CmsRecord } from '../api/schemas/content.js'
import { CmsQueryBuilder } from '../cms/query-builder.js'
import type { CmsQuery } from '../cms/query.js'
import type { ScoredRecord } from '../cms/text-search.js'
import { QueryParamError, toSearchParams } from '../cms/query-params.js'
import { UsageError } from '../api/errors.js'
import { type CmsRecordsByIds, idsQuery, recordsByIds } from './cms-by-ids.js'
import { type SaveHow, saveRecord } from './cms-save.js'
import type { ItemList } from './pages.js'
import type { Transport } from './transport.js'

/** `cda` (delivery, read-only) or `cma` (management) access. */
export type CmsAccess = 'cda' | 'cma'
/** A row of a query: a record, or an aggregate row (grouped fields plus `count`, `<field>_<fn>`). */
export type CmsRow = Record<string, unknown>

/** The wire parameters of a query (a usage error when a value cannot be encoded). */
export function cmsQueryParams(q: CmsQuery): Record<string, string> {
  try {
    return Object.fromEntries(toSearchParams(q))
  } catch (err) {
    if (err instanceof QueryParamError) throw new UsageError(err.message)
    throw err
  }
}

/** A query bound to a client: build it fluently, then iterate its rows (every page) or fetch one record. */
export class ContentQuery extends CmsQueryBuilder implements AsyncIterable<CmsRow> {
  #access: CmsAccess = 'cda'
  constructor(
    collection: string,
    private readonly t: Transport,
  ) {
    super(collection)
  }
  /** Reads through `cda` (default) or `cma`. */
  access(access: CmsAccess): this {
    this.#access = access
    return this
  }
  /** The rows, page by page, from the query's page. */
  rows(): ItemList<CmsRow> {
    return queryRows(this.t, { collection: this.collection, access: this.#access }, this.toQuery())
  }
  /** Every row of every page from the query's page. */
  [Symbol.asyncIterator](): AsyncIterator<CmsRow> {
    return this.rows()[Symbol.asyncIterator]()
  }
  /** The record set with id(). */
  get(): Promise<CmsRecord> {
    if (this.recordId === undefined) throw new TypeError('get() needs id(<recordId>) first')
    return getRecord(this.t, this.collection, this.recordId, this.#access)
  }
}

/** The rows of a query, each checked as the declaration says for it (records, or aggregate rows). */
function queryRows(t: Transport, target: { collection: string; access: CmsAccess }, q: CmsQuery): ItemList<CmsRow> {
  return t.list(
    'cmsQuery',
    { params: { access: target.access, collection: target.collection }, query: cmsQueryParams(q) },
    { sizeKey: 'pageSize' },
  )
}

async function getRecord(t: Transport, collection: string, recordId: string, access: CmsAccess): Promise<CmsRecord> {
  return t.call('cmsGet', { params: { access, collection, recordId } }) as Promise<CmsRecord>
}

/** A record body: `data`, and optional `tags`. */
export interface CmsSave {
  data: Record<string, unknown>
  tags?: string[] | undefined
}

/** The options of a search: the least similarity kept (0–1, default 0.72), a freshness half-life in days, paging. */
export interface CmsSearchOptions {
  threshold?: number | undefined
  freshnessDays?: number | undefined
  page?: number | undefined
  pageSize?: number | undefined
}

/** A merge patch of a record: the members of `data` to change (null removes one), and optional `tags`. */
export interface CmsPatch {
  data?: Record<string, unknown> | undefined
  tags?: string[] | undefined
}

/** `client.cms`. */
export const cmsResource = (t: Transport) => {
  const records = recordCalls(t)
  return {
    ...records,
    /**
     * Saves a record in one call, as `agentry cms save` does: a new record (no `id`), the record `id` replaced, or
     * with `merge` changed only in the members given (a JSON merge patch); then published with `publish` (a save is
     * a draft until published).
     */
    save: (collection: string, body: CmsSave, how: SaveHow = {}): Promise<CmsRecord> => {
      if (how.merge === true && how.id === undefined)
        return Promise.reject(new UsageError('merge changes an existing record: give its id'))
      return saveRecord(records, collection, body, how)
    },
  }
}

const recordCalls = (t: Transport) => ({
  /** Starts a fluent query on a collection. */
  from: (collection: string): ContentQuery => new ContentQuery(collection, t),
  /** The rows of a query object (the CLI's flags build one), page by page. */
  query: (target: { collection: string; access?: CmsAccess }, q: CmsQuery): ItemList<CmsRow> =>
    queryRows(t, { collection: target.collection, access: target.access ?? 'cda' }, q),
  /** One record. */
  get: (collection: string, recordId: string, access: CmsAccess = 'cda') => getRecord(t, collection, recordId, access),
  /**
   * Several records by id (the SDK's getByIds; no batch route is documented, so done on the client: one query per
   * hundred ids, then each id it did not return alone): the records in the order asked, and the ids not found.
   */
  getByIds: (collection: string, ids: readonly string[], access: CmsAccess = 'cda'): Promise<CmsRecordsByIds> =>
    recordsByIds(
      ids,
      (chunk) => queryRows(t, { collection, access }, idsQuery(chunk)),
      (id) => getRecord(t, collection, id, access),
    ),
  /**
   * Natural-language search of the delivered records (the SDK's `nlSearch(text, threshold)` with
   * `withFreshness(days)`): the records at least `threshold` similar (0–1), each with its `score`, best first.
   */
  search: (collection: string, text: string, opts: CmsSearchOptions = {}): ItemList<ScoredRecord> =>
    queryRows(
      t,
      { collection, access: 'cda' },
      {
        search: {
          text,
          ...(opts.threshold !== undefined ? { threshold: opts.threshold } : {}),
          ...(opts.freshnessDays !== undefined ? { freshnessDays: opts.freshnessDays } : {}),
        },
        ...(opts.page !== undefined ? { page: opts.page } : {}),
        ...(opts.pageSize !== undefined ? { pageSize: opts.pageSize } : {}),
      },
    ) as ItemList<ScoredRecord>,
  /** Creates a record (management access). */
  create: (collection: string, body: CmsSave) => t.call('cmsCreate', { params: { collection }, body }),
  /** Replaces a record's data and tags (management access). */
  update: (collection: string, recordId: string, body: CmsSave) =>
    t.call('cmsUpdate', { params: { collection, recordId }, body }),
  /**
   * Changes only the members given of a record's data (RFC 7396 JSON merge patch: a null member removes that member,
   * an object merges member by member, anything else replaces); `tags`, when given, replace the record's. A draft
   * until published (management access).
   */
  patch: (collection: string, recordId: string, patch: CmsPatch): Promise<CmsRecord> =>
    t.call('cmsPatch', {
      params: { collection, recordId },
      body: patch,
      headers: { 'content-type': 'application/merge-patch+json' },
    }),
  /** Saves a record under `recordId` (PUT creates a missing id, docs/wire.md): the record, and whether it was created (201). */
  put: async (
    collection: string,
    recordId: string,
    body: CmsSave,
  ): Promise<{ created: boolean; record: CmsRecord }> => {
    const res = await t.raw('cmsUpdate', { params: { collection, recordId }, body })
    return { created: res.status === 201, record: await t.answer('cmsUpdate', res) }
  },
  /** Publishes a record: the delivery access serves it as it now is (management access). */
  publish: (collection: string, recordId: string): Promise<CmsRecord> =>
    t.call('cmsPublish', { params: { collection, recordId } }),
  /** Unpublishes a record: a draft again, no longer served by the delivery access (management access). */
  unpublish: (collection: string, recordId: string): Promise<CmsRecord> =>
    t.call('cmsUnpublish', { params: { collection, recordId } }),
  /** Deletes a record (management access). */
  delete: async (collection: string, recordId: string): Promise<void> => {
    await t.call('cmsDelete', { params: { collection, recordId } })
  },
})
