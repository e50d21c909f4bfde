// The files family (wire.md "Sites, files, images"): uploads and downloads are raw bytes, so only the list and
// the upload's answer have schemas. `{path*}` keeps its slashes; each segment is checked (path.ts).
import * as z from '../zod.js'
import { fileSchema } from '../schemas/content.js'
import { listOf, pageQuery } from './paging.js'
import { type Contract, inferred, ours, op } from './types.js'

/** `files list` query: paging and a path prefix. */
const filesListQuery = z.extend(pageQuery, { prefix: z.optional(z.string()) })

/** Files ({path*} may hold slashes: it is the rest of the path). */
export const files = {
  filesList: op('GET', '/{accountId}/files', {
    provenance: inferred(
      'the SDK has `files.list({path, search})` answering a plain array (brightsy-cookbook examples/files/index.mjs); the path and `prefix` are ours',
    ),
    scope: 'account',
    ...listOf(fileSchema, filesListQuery),
    sdk: 'files.list',
    doc: 'Every file (under `prefix`), page by page.',
    command: 'files list',
    mcp: 'list_files',
  }),
  filesUpload: op('PUT', '/{accountId}/files/{path*}', {
    provenance: ours('the SDK uploads with `files.upload({path, filename, file})`; no route is shown'),
    scope: 'account',
    response: fileSchema,
    sdk: 'files.upload',
    sdkByHand: true,
    doc: 'Uploads bytes (or a stream) to `path` and returns the stored file.',
    command: 'files upload',
    mcp: 'upload_file',
  }),
  filesDownload: op('GET', '/{accountId}/files/{path*}', {
    provenance: ours(),
    scope: 'account',
    sdk: 'files.download',
    sdkByHand: true,
    doc: 'Starts a download: the response with its body unread.',
    command: 'files download',
  }),
  filesDelete: op('DELETE', '/{accountId}/files/{path*}', {
    provenance: ours('the SDK has `files.delete(path)`; no route is shown'),
    scope: 'account',
    sdk: 'files.delete',
    doc: 'Deletes a file.',
    command: 'files delete',
  }),
} satisfies Contract<'files'>
