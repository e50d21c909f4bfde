// The files family (wire.md "Sites, files, images"): uploads and downloads are raw bytes, so only the list, the
// upload's answer and the folder, move and signed-URL calls have schemas. `{path*}` keeps its slashes; each segment
// is checked (path.ts). The SDK's calls (signedUrl, createFolder, move) are known by name and arguments from the
// public clients; their routes are not shown anywhere, so each is inferred (docs/api.md).
import * as z from '../zod.js'
import { fileSchema } from '../schemas/files.js'
import { listOf, pageQuery } from './paging.js'
import { type Contract, inferred, ours, op } from './types.js'

/** Where the public clients' file calls are seen. */
const sdkSource =
  'mattlevine/brightsy-cookbook examples/files/index.mjs and mattlevine/sideboard apps/desktop/src/renderer/src/components/schema/SchemaFileDatasource.ts'

/** `files list` query: paging, the folder listed (its direct entries; none: the top) and a search of the names. */
const filesListQuery = z.extend(pageQuery, { path: z.optional(z.string()), search: z.optional(z.string()) })

/** The longest a signed URL may last: 7 days, in seconds. */
export const maxSignedUrlSeconds = 7 * 86_400

/** What `files.signedUrl` answers: the URL (`signedUrl`, or `url`, as the public clients read it) and its end. */
const signedUrlSchema = z.pipe(
  z.looseObject({
    signedUrl: z.optional(z.string()),
    url: z.optional(z.string()),
    expiresAt: z.optional(z.string()),
  }),
  z.transform((raw, c) => {
    const signedUrl = raw.signedUrl ?? raw.url
    if (signedUrl === undefined) c.issues.push({ code: 'custom', message: 'no signedUrl in the answer', input: raw })
    return { ...raw, signedUrl: signedUrl as string }
  }),
)

/** Files ({path*} may hold slashes: it is the rest of the path). */
export const files = {
  filesList: op('GET', '/{accountId}/files', {
    provenance: inferred(
      `the SDK's \`files.list({path, search})\` answering a plain array of files and folders (${sdkSource}); the route is inferred`,
    ),
    scope: 'account',
    ...listOf(fileSchema, filesListQuery),
    sdk: 'files.list',
    doc: 'The files and folders directly in the folder `path` (the top when absent), names matching `search`, page by page.',
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
  filesSignedUrl: op('POST', '/{accountId}/files/signed-url', {
    provenance: inferred(
      `the SDK's \`files.signedUrl({path, expiresIn})\` (seconds) answering \`{signedUrl}\` or \`{url}\` (${sdkSource}); the route is inferred`,
    ),
    scope: 'account',
    body: z.strictObject({
      path: z.string().check(z.minLength(1, 'path is required')),
      expiresIn: z.optional(
        z
          .int()
          .check(z.gte(1, 'expiresIn must be 1 second or more'))
          .check(z.lte(maxSignedUrlSeconds, `expiresIn must be at most ${maxSignedUrlSeconds} seconds (7 days)`)),
      ),
    }),
    bodyRequired: true,
    response: signedUrlSchema,
    // a new URL each time: asking again is harmless
    idempotent: true,
    sdk: 'files.signedUrl',
    doc: 'A URL that reads the file `path` without a credential until it expires (`expiresIn` seconds).',
    command: 'files url',
  }),
  filesCreateFolder: op('POST', '/{accountId}/files/folders', {
    provenance: inferred(`the SDK's \`files.createFolder({path, folderName})\` (${sdkSource}); the route is inferred`),
    scope: 'account',
    body: z.strictObject({
      path: z.optional(z.string()),
      folderName: z.string().check(z.minLength(1, 'folderName is required')),
    }),
    bodyRequired: true,
    response: fileSchema,
    // making a folder that is there already changes nothing
    idempotent: true,
    sdk: 'files.createFolder',
    doc: 'Makes the folder `folderName` in the folder `path` (the top when absent) and returns it.',
    command: 'files mkdir',
  }),
  filesMove: op('POST', '/{accountId}/files/move', {
    provenance: inferred(`the SDK's \`files.move(path, newPath)\` (${sdkSource}); the route and body are inferred`),
    scope: 'account',
    body: z.strictObject({
      path: z.string().check(z.minLength(1, 'path is required')),
      newPath: z.string().check(z.minLength(1, 'newPath is required')),
    }),
    bodyRequired: true,
    response: fileSchema,
    sdk: 'files.move',
    sdkByHand: true,
    doc: 'Moves (renames) the file or folder `path` to `newPath`, which must not exist; returns it there.',
    command: 'files mv',
  }),
} satisfies Contract<'files'>
