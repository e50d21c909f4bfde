// A file or folder as the files list gives it, read in any of the shapes the service's public clients read
// (mattlevine/sideboard apps/desktop/src/renderer/src/components/schema/SchemaFileDatasource.ts, mapEntry and
// isFolder; mattlevine/brightsy-cookbook examples/files): agentry's own camelCase record, or snake_case members
// (`content_type` or `mime_type`, `updated_at`, `url` or `fileUrl`), a folder marked by `type: "folder"`,
// `is_folder: true` or a path ending in `/`. Every shape comes out as one record (FileEntry): the members agentry
// names, `type` always, a folder's path without its `/`; members it does not know are kept as sent.
import * as z from '../zod.js'

/** One entry of the files list, as the library gives it. */
export interface FileEntry {
  /** the full path, without a trailing `/` */
  path: string
  type: 'file' | 'folder'
  size?: number
  contentType?: string
  updatedAt?: string
  /** a URL of the file, when the server gives one */
  url?: string
  [member: string]: unknown
}

/** The members each of agentry's names may come as, first found wins. */
const aliases = {
  contentType: ['contentType', 'content_type', 'mime_type'],
  updatedAt: ['updatedAt', 'updated_at'],
  url: ['url', 'fileUrl'],
} as const

const onWire = z.looseObject({
  path: z.optional(z.string()),
  name: z.optional(z.string()),
  type: z.optional(z.string()),
  is_folder: z.optional(z.nullable(z.boolean())),
  size: z.optional(z.nullable(z.number())),
  contentType: z.optional(z.nullable(z.string())),
  content_type: z.optional(z.nullable(z.string())),
  mime_type: z.optional(z.nullable(z.string())),
  updatedAt: z.optional(z.nullable(z.string())),
  updated_at: z.optional(z.nullable(z.string())),
  url: z.optional(z.nullable(z.string())),
  fileUrl: z.optional(z.nullable(z.string())),
})

/** Whether a listed entry is a folder: `type: "folder"`, `is_folder: true`, or a path ending in `/`. */
function isFolder(raw: z.infer<typeof onWire>, path: string): boolean {
  if (raw.type === 'folder' || raw.is_folder === true) return true
  if (raw.type === 'file' || raw.is_folder === false) return false
  return path.endsWith('/')
}

/** A wire entry as one FileEntry (undefined: it names no path). */
function entryOf(raw: z.infer<typeof onWire>): FileEntry | undefined {
  const path = raw.path ?? raw.name
  if (path === undefined || path.replace(/\/+$/, '') === '') return undefined
  const rest: Record<string, unknown> = { ...raw }
  delete rest.is_folder
  const out: Record<string, unknown> = {}
  for (const [name, from] of Object.entries(aliases)) {
    const value = from.map((k) => raw[k]).find((v) => typeof v === 'string')
    for (const k of from) delete rest[k]
    if (value !== undefined) out[name] = value
  }
  if (typeof raw.size !== 'number') delete rest.size
  return { ...rest, path: path.replace(/\/+$/, ''), type: isFolder(raw, path) ? 'folder' : 'file', ...out }
}

/** An entry of the files list (and an upload's answer), in any of the shapes above. */
export const fileSchema = z.pipe(
  onWire,
  z.transform((raw, c) => {
    const entry = entryOf(raw)
    if (entry === undefined) c.issues.push({ code: 'custom', message: 'a file needs a path (or a name)', input: raw })
    return entry as FileEntry
  }),
)
