// Sites, pages, files, images and CMS records (wire.md, Sites, files, images; CMS content).
import * as z from '../zod.js'
import { timestamp } from './common.js'

export const siteSchema = z.looseObject({ id: z.string(), name: z.optional(z.string()) })
export const pageSchema = z.looseObject({
  id: z.string(),
  siteId: z.optional(z.string()),
  title: z.optional(z.string()),
})
export const imageAnalyzeRequestSchema = z.strictObject({
  imageUrl: z.string().check(z.minLength(1, 'imageUrl is required')),
  prompt: z._default(z.string(), 'Describe this image'),
})
export const imageAnalyzeResponseSchema = z.looseObject({ text: z.string() })
/** `images suggest-edits`: the image, and what the edits are for (the SDK's images.suggestEdits; shapes ours). */
export const imageSuggestEditsRequestSchema = z.strictObject({
  imageUrl: z.string().check(z.minLength(1, 'imageUrl is required')),
  prompt: z.optional(z.string()),
})
export const imageSuggestEditsResponseSchema = z.looseObject({
  suggestions: z.array(z.looseObject({ title: z.string(), description: z.optional(z.string()) })),
})
export const imageGenerateRequestSchema = z.strictObject({
  prompt: z.string().check(z.minLength(1, 'prompt is required')),
  size: z.optional(z.string().check(z.regex(/^\d{1,4}x\d{1,4}$/, 'size must look like 256x256'))),
})
export const imageGenerateResponseSchema = z.looseObject({ url: z.string() })

export const cmsRecordSchema = z.looseObject({
  id: z.string(),
  data: z.record(z.string(), z.unknown()),
  tags: z.optional(z.array(z.string())),
  createdAt: z.optional(timestamp),
  updatedAt: z.optional(timestamp),
  /** when it was last published; null: a draft, which the delivery access never serves */
  publishedAt: z.nullish(timestamp),
})
export type CmsRecord = z.infer<typeof cmsRecordSchema>
export const cmsSaveSchema = z.strictObject({
  data: z.record(z.string(), z.unknown(), { message: 'data must be a JSON object' }),
  tags: z.optional(z.array(z.string())),
})
/**
 * A partial update (RFC 7396 JSON merge patch of `{data, tags}`): the members of `data` given replace the record's,
 * a null removes one, objects merge member by member; `tags`, when given, replace the record's.
 */
export const cmsPatchSchema = z.strictObject({
  data: z.optional(z.record(z.string(), z.unknown(), { message: 'data must be a JSON object' })),
  tags: z.optional(z.array(z.string())),
})

/**
 * A record type (a collection with its schema; the SDK's `recordTypes.get(slug)` → `{id, slug, name, schema,
 * schema_ui}`): `schema` a JSON Schema of the records' data, `schema_ui` hints for editing forms, both as the service
 * names them.
 */
export const recordTypeSchema = z.looseObject({
  id: z.string(),
  slug: z.string(),
  name: z.optional(z.string()),
  schema: z.optional(z.record(z.string(), z.unknown())),
  schema_ui: z.optional(z.record(z.string(), z.unknown())),
})
export type RecordType = z.infer<typeof recordTypeSchema>
