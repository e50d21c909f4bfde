// Files (wire.md "Sites, files, images"): bytes go up and come down unparsed; the path keeps its slashes and each
// segment is checked (contract/path.ts).
import type { Readable } from 'node:stream'
import type { HttpResponse } from '../api/request.js'
import type { Transport } from './transport.js'

/** What an upload sends. */
export interface UploadOptions {
  contentType: string
  /** the byte count (content-length); required for a stream */
  size?: number
}

/** `client.files`. */
export const filesResource = (t: Transport) => ({
  /** Every file (under `prefix`), page by page. */
  list: (query: { page?: number; limit?: number; prefix?: string } = {}) => t.list('filesList', { query }),
  /** Uploads bytes or a stream to `path` and returns the stored file. Never retried (a stream cannot be re-sent). */
  upload: (path: string, body: Uint8Array | Readable, opts: UploadOptions) =>
    t.call('filesUpload', {
      params: { path },
      rawBody: body as unknown as Uint8Array,
      headers: {
        'content-type': opts.contentType,
        ...(opts.size !== undefined ? { 'content-length': String(opts.size) } : {}),
      },
    }),
  /** Starts a download: the response with its body unread (read it, or `dump()` it). */
  download: (path: string, signal?: AbortSignal): Promise<HttpResponse> =>
    t.raw('filesDownload', {
      params: { path },
      headers: { accept: '*/*' },
      stream: true,
      ...(signal ? { signal } : {}),
    }),
  /** Deletes a file. */
  delete: async (path: string): Promise<void> => {
    await t.call('filesDelete', { params: { path } })
  },
})
