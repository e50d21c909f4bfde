// The columns of `cms types list|get`: a record type's slug and name, and the fields its schema
// declares (JSON Schema `properties`), so a user need not guess a collection's field names.
import type { RecordType } from '../../../api/schemas/index.js'
import { isRecord } from '../../../api/is-record.js'
import type { Field } from '../../../io/output.js'

/** One field a record type's schema declares. */
export interface SchemaField {
  name: string
  type: string
  required: boolean
  title: string
}

/** The fields of a record type's schema, in its order (none when it has no `properties`). */
export function schemaFields(t: RecordType): SchemaField[] {
  const schema = isRecord(t.schema) ? t.schema : {}
  const props = isRecord(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : [])
  return Object.entries(props).map(([name, p]) => {
    const prop = isRecord(p) ? p : {}
    const type = Array.isArray(prop.type) ? prop.type.join('|') : typeof prop.type === 'string' ? prop.type : ''
    return { name, type, required: required.has(name), title: typeof prop.title === 'string' ? prop.title : '' }
  })
}

/** Columns of `cms types list`. */
export const recordTypeFields: Field<RecordType>[] = [
  { header: 'SLUG', get: (t) => t.slug },
  { header: 'NAME', get: (t) => t.name ?? '' },
  {
    header: 'FIELDS',
    get: (t) =>
      schemaFields(t)
        .map((f) => f.name)
        .join(','),
  },
]

/** Columns of `cms types get` on a table or TSV: one row a field of the schema. */
export const schemaFieldColumns: Field<SchemaField>[] = [
  { header: 'FIELD', get: (f) => f.name },
  { header: 'TYPE', get: (f) => f.type },
  { header: 'REQUIRED', get: (f) => (f.required ? 'yes' : 'no') },
  { header: 'TITLE', get: (f) => f.title },
]
