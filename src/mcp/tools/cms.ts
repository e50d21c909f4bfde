// The content tools of `agentry mcp serve` (wire.md "CMS content"): query and get through delivery (cda) or
// management (cma) access; save, publish, unpublish and delete only when the credential has management access (and never with
// --read-only). A query takes the wire parameters (the contract's cmsQueryParamsSchema), decoded by the one decoder.
import * as z from '../../api/zod.js'
import { cmsSaveSchema } from '../../api/schemas/content.js'
import { parseQueryParams, QueryParamError } from '../../cms/query-params.js'
import { UsageError } from '../../errors.js'
import { listTool } from './lists.js'
import { defineTool } from './types.js'

const collection = z
  .string()
  .check(z.minLength(1, 'collection is required'))
  .check(z.describe('the collection (e.g. posts)'))
const recordId = z.string().check(z.minLength(1, 'recordId is required')).check(z.describe('the record'))
const access = z
  ._default(z.enum(['cda', 'cma']), 'cda')
  .check(z.describe('delivery (cda, default) or management (cma) access'))
/** get_record_types reads at most this many (10 pages of the list). */
const maxRecordTypes = 1000

/** What cms_query and cms_search answer: one page, its records (or aggregate rows) as `items`, as every list tool's. */
const pageOfItems = { collection: z.string(), page: z.int(), items: z.array(z.looseObject({})) }
const param = (what: string) => z.optional(z.string()).check(z.describe(what))

/** list_record_types, get_record_types, get_record_type, cms_query, cms_search, cms_get, cms_save, cms_publish, cms_unpublish, cms_delete. */
export const cmsTools = [
  listTool('recordTypesList'),
  defineTool({
    name: 'get_record_type',
    title: 'Get a record type',
    description:
      "A collection's record type: its schema (JSON Schema of the records' data: the field names and types to use in " +
      'cms_query and cms_save) and schema_ui.',
    input: {
      slug: z
        .string()
        .check(z.minLength(1, 'slug is required'))
        .check(z.describe('the record type slug, the collection name (see list_record_types)')),
    },
    readOnly: true,
    run: ({ slug }, { sdk }) => sdk.recordTypes.get(slug),
  }),
  defineTool({
    name: 'get_record_types',
    title: 'Get the record types',
    description:
      'Every record type of the account (or the one `slug` names), each with its schema (the field names and types ' +
      'to use in cms_query and cms_save) and schema_ui: the name the official Brightsy MCP server gives this tool.',
    input: {
      slug: z
        .optional(z.string().check(z.minLength(1)))
        .check(z.describe('only this record type (the collection name); omit it for all')),
    },
    output: { items: z.array(z.looseObject({})) },
    readOnly: true,
    async run({ slug }, { sdk }) {
      if (slug !== undefined) return { items: [await sdk.recordTypes.get(slug)] }
      const items: Record<string, unknown>[] = []
      for await (const type of sdk.recordTypes.list({ limit: 100 })) {
        items.push(type)
        if (items.length >= maxRecordTypes) break
      }
      return { items }
    },
  }),
  defineTool({
    name: 'cms_query',
    title: 'Query content records',
    description:
      'Query the records of a collection: one page of records, or aggregate rows. Parameters as on the wire ' +
      '(where is JSON of the filter tree, e.g. {"status":"published"}; lists are comma-separated).',
    input: {
      collection,
      access,
      where: param('JSON filter, e.g. {"status":"published"} or {"views":{"gt":100}}'),
      select: param('fields to return, comma-separated'),
      orderBy: param('field:asc|desc, comma-separated'),
      groupBy: param('fields to group by, comma-separated'),
      aggregate: param('fn:field (count, sum, avg, min, max), comma-separated'),
      tags: param('tags the records must carry, comma-separated'),
      page: z.optional(z.int().check(z.gte(1))).check(z.describe('the page, from 1')),
      pageSize: z.optional(z.int().check(z.gte(1)).check(z.lte(100))).check(z.describe('rows per page, 1–100')),
    },
    output: pageOfItems,
    readOnly: true,
    async run({ collection, access, page, pageSize, ...wire }, { sdk }) {
      const params = new URLSearchParams()
      for (const [k, v] of Object.entries(wire)) if (typeof v === 'string') params.set(k, v)
      let query: ReturnType<typeof parseQueryParams>
      try {
        query = parseQueryParams(params)
      } catch (err) {
        if (err instanceof QueryParamError) throw new UsageError(err.message)
        throw err
      }
      if (page !== undefined) query.page = page
      if (pageSize !== undefined) query.pageSize = pageSize
      const items: Record<string, unknown>[] = []
      for await (const row of sdk.cms.query({ collection, access }, query).firstPage()) items.push(row)
      return { collection, page: page ?? 1, items }
    },
  }),
  defineTool({
    name: 'cms_search',
    title: 'Search content records',
    description:
      'Search the published records of a collection in plain words: the records at least `threshold` similar (0–1, ' +
      'default 0.72), each with its score, best first; freshnessDays favours recent ones. One page.',
    input: {
      collection,
      text: z.string().check(z.minLength(1, 'text is required')).check(z.describe('what to look for, in plain words')),
      threshold: z.optional(z.number().check(z.gte(0)).check(z.lte(1))).check(z.describe('least similarity kept, 0–1')),
      freshnessDays: z
        .optional(z.int().check(z.gte(1)))
        .check(z.describe('favour recent records: the half-life of freshness, in days')),
      page: z.optional(z.int().check(z.gte(1))).check(z.describe('the page, from 1')),
      pageSize: z.optional(z.int().check(z.gte(1)).check(z.lte(100))).check(z.describe('records per page, 1–100')),
    },
    output: pageOfItems,
    readOnly: true,
    async run({ collection, text, ...opts }, { sdk }) {
      const items: Record<string, unknown>[] = []
      for await (const r of sdk.cms.search(collection, text, opts).firstPage()) items.push(r)
      return { collection, page: opts.page ?? 1, items }
    },
  }),
  defineTool({
    name: 'cms_get',
    title: 'Get a content record',
    description: 'One record of a collection by its id.',
    input: { collection, recordId, access },
    readOnly: true,
    run: (args, { sdk }) => sdk.cms.get(args.collection, args.recordId, args.access),
  }),
  defineTool({
    name: 'cms_save',
    title: 'Save a content record',
    description:
      'Create a record (no recordId) or replace the data and tags of one; with merge, change only the members of ' +
      'data given (null removes one). A save is a draft, which delivery (cda) does not serve until it is published: ' +
      'give publish to do both (management access).',
    input: {
      collection,
      recordId: z.optional(recordId),
      ...cmsSaveSchema.shape,
      merge: z
        .optional(z.boolean())
        .check(z.describe('change only the members of data given, a JSON merge patch (needs recordId)')),
      publish: z.optional(z.boolean()).check(z.describe('publish it once saved, so that delivery (cda) serves it')),
    },
    readOnly: false,
    cmsManagement: true,
    async run({ collection, recordId, data, tags, merge, publish }, { sdk }) {
      const body = tags === undefined ? { data } : { data, tags }
      if (merge === true && recordId === undefined)
        throw new UsageError('merge needs the recordId of the record to change')
      return sdk.cms.save(collection, body, { id: recordId, merge, publish })
    },
  }),
  defineTool({
    name: 'cms_publish',
    title: 'Publish a content record',
    description: 'Publish a record as it now is: delivery (cda) serves it from then on (management access).',
    input: { collection, recordId },
    readOnly: false,
    cmsManagement: true,
    run: ({ collection, recordId }, { sdk }) => sdk.cms.publish(collection, recordId),
  }),
  defineTool({
    name: 'cms_unpublish',
    title: 'Unpublish a content record',
    description: 'Make a record a draft again: delivery (cda) no longer serves it; it is kept (management access).',
    input: { collection, recordId },
    readOnly: false,
    cmsManagement: true,
    run: ({ collection, recordId }, { sdk }) => sdk.cms.unpublish(collection, recordId),
  }),
  defineTool({
    name: 'cms_delete',
    title: 'Delete a content record',
    description: 'Delete one record (management access).',
    input: { collection, recordId },
    output: { deleted: z.boolean(), collection: z.string(), recordId: z.string() },
    readOnly: false,
    cmsManagement: true,
    async run({ collection, recordId }, { sdk }) {
      await sdk.cms.delete(collection, recordId)
      return { deleted: true, collection, recordId }
    },
  }),
]
