// Files (wire.md "Sites, files, images"): bytes go up and come down unparsed; the path keeps its slashes and each
// segment is checked (contract/path.ts). list, delete, signedUrl and createFolder are generated (methods.gen.ts).
import type { Readable } from 'node:stream'
import type { HttpResponse } from '../api/request.js'
import type { Transport } from './transport.js'

/** What an upload sends. */
export interface UploadOptions {
  contentType: string
  /** the byte count (content-length); required for a stream */
  size?: number
}

/** `client.files`, besides its generated methods. */
export const filesByHand = (t: Transport) => ({
  /**
   * Uploads to `path` and returns the stored file: bytes, or a function that opens the stream of them (then each try
   * opens it again, and a 429, a 5xx or a reset is retried like any PUT). A stream itself cannot be sent twice: an
   * upload of one is never retried.
   */
  upload: (path: string, body: Uint8Array | Readable | (() => Readable), opts: UploadOptions) =>
    t.call('filesUpload', {
      params: { path },
      rawBody: body instanceof Uint8Array || typeof body === 'function' ? body : () => body,
      ...(body instanceof Uint8Array || typeof body === 'function' ? {} : { idempotent: false }),
      headers: {
        'content-type': opts.contentType,
        ...(opts.size !== undefined ? { 'content-length': String(opts.size) } : {}),
      },
    }),
  /** Moves (renames) the file or folder `path` to `newPath` (which must not exist) and returns it there. */
  move: (path: string, newPath: string) => t.call('filesMove', { body: { path, newPath } }),
  /** Starts a download: the response with its body unread (read it, or `dump()` it); `headers` e.g. a Range. */
  download: (path: string, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<HttpResponse> =>
    t.raw('filesDownload', {
      params: { path },
      headers: { accept: '*/*', ...headers },
      stream: true,
      ...(signal ? { signal } : {}),
    }),
})
