// The columns of a page in tables and TSV.
import type { Field } from '../../io/output.js'

/** Columns of `pages list`. */
export const pageFields: Field<Record<string, unknown>>[] = [
  { header: 'ID', get: (p) => p.id },
  { header: 'TITLE', get: (p) => p.title },
  { header: 'PATH', get: (p) => p.path },
  { header: 'UPDATED', get: (p) => p.updatedAt },
]
