// The columns of a file in tables and TSV.
import type { Field } from '../../io/output.js'

/** Columns of `files list`. */
export const fileFields: Field<Record<string, unknown>>[] = [
  { header: 'PATH', get: (f) => f.path, id: true },
  { header: 'SIZE', get: (f) => f.size },
  { header: 'TYPE', get: (f) => f.contentType },
  { header: 'UPDATED', get: (f) => f.updatedAt },
]
