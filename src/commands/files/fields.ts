// The columns of a file in tables and TSV: a folder's path ends in `/` (as `ls -p` marks one) and its TYPE is
// `folder`; --json gives `type` and the path without the `/`.
import type { Field } from '../../io/output.js'

const isFolder = (f: Record<string, unknown>) => f.type === 'folder'

/** Columns of `files list`. */
export const fileFields: Field<Record<string, unknown>>[] = [
  { header: 'PATH', get: (f) => (isFolder(f) ? `${f.path}/` : f.path), id: true },
  { header: 'SIZE', get: (f) => f.size },
  { header: 'TYPE', get: (f) => (isFolder(f) ? 'folder' : f.contentType) },
  { header: 'UPDATED', get: (f) => f.updatedAt },
]
