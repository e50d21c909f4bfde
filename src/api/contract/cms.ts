// The CMS family (service-interface 4.7; wire.md "CMS content"): queries carry the wire parameters that the query
// builder encodes (toSearchParams), with `pageSize` in the interface's range; rows are records or aggregate rows.
import * as z from '../zod.js'
import { cmsPatchSchema, cmsRecordSchema, cmsSaveSchema, recordTypeSchema } from '../schemas/content.js'
import { copiedChecks, wholeInProblem } from './copied-checks.js'
import { pageSizeRange } from './page-size.js'
import { listOf } from './paging.js'
import { type Contract, inferred, op } from './types.js'

/** A whole-number query value (a string on the wire) from `min` to `max`, parsed once for either message. */
const wholeIn = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `${min}–${max}`
  const check = z.superRefine((s: string, ctx) => {
    const problem = wholeInProblem(s, min, max)
    if (problem === 'whole') ctx.addIssue({ code: 'custom', message: `${name} must be a whole number`, input: s })
    else if (problem === 'range') ctx.addIssue({ code: 'custom', message: `${name} must be ${range}`, input: s })
  })
  copiedChecks.set(check, { name: 'isWholeIn', args: [min, max] })
  return z.string().check(check)
}

/** A content query's wire parameters (where, select, orderBy, groupBy, aggregate, tags, page, pageSize). */
const cmsQueryParamsSchema = z.catchall(
  z.object({
    page: z.optional(wholeIn('page', 1)),
    pageSize: z.optional(wholeIn('pageSize', pageSizeRange.min, pageSizeRange.max)),
  }),
  z.string(),
)

/** A row of a query: a record, or an aggregate row (grouped fields plus `count`, `<field>_<fn>`). */
const cmsRowSchema = z.record(z.string(), z.unknown())

/** The rows a query answers: aggregate rows when it groups or aggregates (wire.md "CMS content"), else records. */
const cmsRowFor = (query: Readonly<Record<string, unknown>>) =>
  query.groupBy !== undefined || query.aggregate !== undefined ? cmsRowSchema : cmsRecordSchema

/** Content records ({access} is cda or cma; reading through cma needs write, as cma is the management access). */
export const cms = {
  // the service takes any text parameters and decodes them with the one CMS query codec (src/cms/query-params.ts),
  // which clamps pageSize rather than refusing it (wire.md)
  cmsQuery: op('GET', '/{accountId}/{access}/records/{collection}', {
    // a search is this query with nl_query (the SDK's nlSearch on cda, whose URL carries nl_query), match_threshold
    // and time_decay_days (named after nlSearch(query, matchThreshold) and withFreshness(timeDecayDays)): wire.md "CMS"
    provenance: inferred(
      'the SDK queries `cda`/`cma` `recordType(slug)` and reads `{data, pagination}`, and searches with `nlSearch(query, matchThreshold).withFreshness(timeDecayDays)` (an `nl_query` parameter) (brightsy-cookbook examples/records/index.mjs); method and path not shown (service-interface.md 4.7)',
    ),
    scope: 'cms-read',
    query: cmsQueryParamsSchema,
    item: cmsRowSchema,
    itemFor: cmsRowFor,
    itemSchemas: [cmsRowSchema, cmsRecordSchema],
    served: { query: z.record(z.string(), z.string()) },
    sdk: 'cms.query',
    sdkByHand: true,
    doc: 'The rows of a query (`client.cms.from(collection)…` builds one), page by page; with `nl_query`, a search (`client.cms.search`).',
    command: 'cms query, cms get, cms search, cms export',
    mcp: 'cms_query, cms_search',
  }),
  cmsGet: op('GET', '/{accountId}/{access}/records/{collection}/{recordId}', {
    provenance: inferred(
      'the SDK reads `.id(uuid).get()` as `{data:[record]}` (brightsy-cookbook examples/records/index.mjs); the id as a path segment is not shown',
    ),
    scope: 'cms-read',
    response: cmsRecordSchema,
    sdk: 'cms.get',
    sdkByHand: true,
    doc: 'One record.',
    command: 'cms get',
    mcp: 'cms_get',
  }),
  cmsCreate: op('POST', '/{accountId}/cma/records/{collection}', {
    provenance: inferred(
      'the SDK has `.save(data)` (brightsy-cookbook examples/records/index.mjs); method and path not shown',
    ),
    scope: 'cms-write',
    body: cmsSaveSchema,
    response: cmsRecordSchema,
    idempotent: false,
    sdk: 'cms.create',
    sdkByHand: true,
    doc: 'Creates a record (management access).',
    command: 'cms save',
    mcp: 'cms_save',
  }),
  cmsUpdate: op('PUT', '/{accountId}/cma/records/{collection}/{recordId}', {
    provenance: inferred(
      'the SDK has `.id(uuid).save(partial)` (brightsy-cookbook examples/records/index.mjs): a partial update; PUT and the path are not shown',
    ),
    scope: 'cms-write',
    body: cmsSaveSchema,
    response: cmsRecordSchema,
    sdk: 'cms.update',
    sdkByHand: true,
    doc: "Replaces a record's data and tags, or creates it under that id (management access).",
    command: 'cms save, cms import',
    mcp: 'cms_save',
  }),
  // inferred: the SDK's recordType(slug).id(uuid).save(partial) changes only the members given (public-facts row 44);
  // sent as application/merge-patch+json (RFC 7396), which is idempotent: sent again, it gives the same record
  cmsPatch: op('PATCH', '/{accountId}/cma/records/{collection}/{recordId}', {
    provenance: inferred(
      "the SDK's recordType(slug).id(uuid).save(partial) (brightsy-cookbook examples/records); method and path are ours",
    ),
    scope: 'cms-write',
    body: cmsPatchSchema,
    response: cmsRecordSchema,
    idempotent: true,
    sdk: 'cms.patch',
    sdkByHand: true,
    doc: "Changes only the members given of a record's data (a JSON merge patch: null removes one), a draft until published.",
    command: 'cms save',
    mcp: 'cms_save',
  }),
  cmsDelete: op('DELETE', '/{accountId}/cma/records/{collection}/{recordId}', {
    provenance: inferred(
      'the SDK has `.id(uuid).delete()` (brightsy-cookbook examples/records/index.mjs); method and path not shown',
    ),
    scope: 'cms-write',
    sdk: 'cms.delete',
    sdkByHand: true,
    doc: 'Deletes a record (management access).',
    command: 'cms delete',
    mcp: 'cms_delete',
  }),
  // inferred: the SDK's recordType(slug).id(uuid).publish() and records.publish(slug, id) (public-facts row 43)
  cmsPublish: op('POST', '/{accountId}/cma/records/{collection}/{recordId}/publish', {
    provenance: inferred(
      "the SDK's recordType(slug).id(uuid).publish() (brightsy-cookbook examples/records); the path is ours",
    ),
    scope: 'cms-write',
    response: cmsRecordSchema,
    idempotent: true,
    sdk: 'cms.publish',
    sdkByHand: true,
    doc: 'Publishes a record: the delivery access serves it as it now is (management access).',
    command: 'cms publish, cms import',
    mcp: 'cms_publish, cms_save',
  }),
  // inferred: the SDK's recordType(slug).id(uuid).unpublish() and records.unpublish(slug, id) (public-facts row 43)
  cmsUnpublish: op('POST', '/{accountId}/cma/records/{collection}/{recordId}/unpublish', {
    provenance: inferred(
      "the SDK's recordType(slug).id(uuid).unpublish() (brightsy-cookbook examples/records); the path is ours",
    ),
    scope: 'cms-write',
    response: cmsRecordSchema,
    idempotent: true,
    sdk: 'cms.unpublish',
    sdkByHand: true,
    doc: 'Unpublishes a record: a draft again, which the delivery access no longer serves (management access).',
    command: 'cms unpublish, cms import',
    mcp: 'cms_unpublish',
  }),
  // inferred: the SDK's cma.listRecordTypes() and recordTypes.get(slug) → {id, slug, name, schema, schema_ui}
  // (public-facts row 33); no path is published. A record type is the schema of a collection, so a read key reads it.
  recordTypesList: op('GET', '/{accountId}/record-types', {
    provenance: inferred(
      "the SDK's cma.listRecordTypes() (brightsy-cookbook examples/records) and the official CLI's `record-types list`; the path is ours",
    ),
    scope: 'cms-read',
    ...listOf(recordTypeSchema),
    list: { noun: 'record types', summary: 'List the record types (collections) with their schema' },
    sdk: 'recordTypes.list',
    doc: 'Every record type (a collection with its `schema` and `schema_ui`), page by page.',
    command: 'cms types list',
    mcp: 'list_record_types',
  }),
  recordTypesGet: op('GET', '/{accountId}/record-types/{slug}', {
    provenance: inferred(
      "the SDK's recordTypes.get(slug) → {id, slug, name, schema, schema_ui} (brightsy-cookbook examples/records); the path is ours",
    ),
    scope: 'cms-read',
    response: recordTypeSchema,
    sdk: 'recordTypes.get',
    doc: "One record type by its slug (the collection's name): its `schema` (JSON Schema of the data) and `schema_ui`.",
    command: 'cms types get',
    mcp: 'get_record_type, get_record_types',
  }),
} satisfies Contract<'cms'>
