// The record types of the seeded collections (wire.md "CMS", record types): each collection's
// `schema` (a JSON Schema of its records' data, as seed-cms.ts makes them) and `schema_ui` (editing hints), served by
// `GET …/record-types[/{slug}]` while the collection exists. A collection made by a write has no record type, as on a
// service where a type is made before its records.
import type { RecordType } from '../api/schemas/index.js'

const text = (title: string, extra: Record<string, unknown> = {}) => ({ type: 'string', title, ...extra })
const person = {
  type: 'object',
  title: 'Author',
  properties: { name: text('Name'), email: text('Email', { format: 'email' }) },
  required: ['name'],
}

/** A record type but its slug. */
interface TypeWords {
  id: string
  name: string
  schema: Record<string, unknown>
  schema_ui: Record<string, unknown>
}

/** The seeded types, by slug (the collection's name). */
const seededTypes: Record<string, TypeWords> = {
  posts: {
    id: 'rt_posts',
    name: 'Posts',
    schema: {
      type: 'object',
      properties: {
        title: text('Title'),
        slug: text('Slug', { pattern: '^[a-z0-9-]+$' }),
        status: text('Status', { enum: ['published', 'draft'] }),
        views: { type: 'integer', title: 'Views', minimum: 0 },
        featured: { type: 'boolean', title: 'Featured' },
        author: person,
        category: text('Category', { enum: ['news', 'engineering', 'product', 'design', 'culture', 'tutorials'] }),
        readingMinutes: { type: 'integer', title: 'Reading minutes', minimum: 1 },
        publishedAt: { type: ['string', 'null'], title: 'Published at', format: 'date-time' },
      },
      required: ['title', 'slug', 'status'],
    },
    schema_ui: {
      'ui:order': [
        'title',
        'slug',
        'status',
        'category',
        'author',
        'featured',
        'views',
        'readingMinutes',
        'publishedAt',
      ],
      slug: { 'ui:help': 'made from the title' },
      views: { 'ui:readonly': true },
    },
  },
  authors: {
    id: 'rt_authors',
    name: 'Authors',
    schema: {
      type: 'object',
      properties: { name: text('Name'), email: text('Email', { format: 'email' }), bio: text('Bio') },
      required: ['name', 'email'],
    },
    schema_ui: { bio: { 'ui:widget': 'textarea' } },
  },
  products: {
    id: 'rt_products',
    name: 'Products',
    schema: {
      type: 'object',
      properties: {
        name: text('Name'),
        price: { type: 'number', title: 'Price', minimum: 0 },
        inStock: { type: 'boolean', title: 'In stock' },
        category: text('Category', { enum: ['hardware', 'software', 'service'] }),
      },
      required: ['name', 'price'],
    },
    schema_ui: { price: { 'ui:help': 'in the account currency' } },
  },
}

/** The record type of a collection, when it is one of the seeded ones. */
export function recordTypeOf(slug: string): RecordType | undefined {
  const t = Object.hasOwn(seededTypes, slug) ? seededTypes[slug] : undefined
  return t === undefined ? undefined : { id: t.id, slug, name: t.name, schema: t.schema, schema_ui: t.schema_ui }
}

/** The slugs that have a record type. */
export const typedSlugs: readonly string[] = Object.keys(seededTypes)
