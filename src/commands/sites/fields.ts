// The columns of a site in tables and TSV.
import type { Field } from '../../io/output.js'

/** Columns of `sites list`. */
export const siteFields: Field<Record<string, unknown>>[] = [
  { header: 'ID', get: (s) => s.id },
  { header: 'NAME', get: (s) => s.name },
  { header: 'DOMAIN', get: (s) => s.domain },
  { header: 'PAGES', get: (s) => s.pageCount },
]
