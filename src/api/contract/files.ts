// The files family (wire.md "Sites, files, images"): uploads and downloads are raw bytes, so only the list and
// the upload's answer have schemas. `{path*}` keeps its slashes; each segment is checked (path.ts).
import * as z from '../zod.js'
import { fileSchema } from '../schemas/content.js'
import { listOf, pageQuery } from './paging.js'
import type { Contract } from './types.js'

/** `files list` query: paging and a path prefix. */
const filesListQuery = z.extend(pageQuery, { prefix: z.optional(z.string()) })

/** Files. */
export const files = {
  filesList: listOf(fileSchema, filesListQuery),
  filesUpload: { response: fileSchema },
  filesDownload: {},
  filesDelete: {},
} satisfies Contract<'files'>
