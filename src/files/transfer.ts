// `agentry files upload|download` (commands.md; wire.md "Sites, files, images": `PUT /{accountId}/files/{path}` with
// the raw body and its Content-Type; `GET` answers the raw bytes). Both stream: neither holds a whole file.
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { Context } from '../context.js'
import { UsageError } from '../errors.js'
import { localFileSize } from '../io/arg-file.js'
import { writeAll } from '../io/iostreams.js'
import { openAtomicFile, outPath } from '../io/atomic-file.js'
import { checkedDownload } from './checked-download.js'
import { contentTypeFor, isTextual } from './content-type.js'
import { sanitizingDecoder } from '../text/sanitize.js'

/** Why a remote path is unusable (relative, slash-separated, no empty, `.` or `..` segments), or undefined. */
export function remotePathProblem(path: string): string | undefined {
  if (path === '') return 'it is empty'
  if (path.startsWith('/')) return 'it must be relative, like docs/a.txt (no leading /)'
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return 'it must not contain control characters or backslashes'
  if (path.split('/').some((s) => s === '' || s === '.' || s === '..'))
    return 'it must not contain empty, "." or ".." segments'
  return undefined
}

/** Returns a remote path, or throws a usage error naming `what` and the problem. */
export function checkRemote(path: string, what: string): string {
  const problem = remotePathProblem(path)
  if (problem) throw new UsageError(`${what} ${JSON.stringify(path)}: ${problem}`)
  return path
}

/** Options of an upload. */
export interface UploadOptions {
  to?: string | undefined
  contentType?: string | undefined
}

/** Uploads a local file (streamed) and prints the stored file's record. */
export async function uploadFile(ctx: Context, local: string, o: UploadOptions): Promise<void> {
  const size = await localFileSize(local)
  const remote = checkRemote(o.to ?? basename(local), '--to')
  const type = o.contentType ?? contentTypeFor(o.to ?? local)
  // A PUT, retried like any (429, 5xx, a reset): each try opens the file again. Under --debug the request trace
  // prints the body, which the HTTP client can only do for bytes in memory: then (and only then) it is read whole.
  const body = ctx.debugEnabled() ? await readFile(local) : () => createReadStream(local)
  const file = await (await ctx.sdk()).files.upload(remote, body, { contentType: type, size })
  await ctx.output().item(file ?? { path: remote, size, contentType: type })
}

/**
 * Downloads a remote file to --out (atomically; a directory gets the remote's base name) or to stdout, checked and
 * retried (./checked-download.ts).
 */
export async function downloadFile(ctx: Context, remote: string, out: string | undefined): Promise<void> {
  checkRemote(remote, 'the remote path')
  const sdk = await ctx.sdk()
  const open = (headers: Record<string, string>) => sdk.files.download(remote, undefined, headers)
  const retry = sdk.transport.http
  const what = `GET ${remote}`
  // asked once the body is in, whatever the answer declared (./checked-download.ts)
  const listedSize = () => listedSizeOf(ctx, remote)
  if (out === undefined || out === '-') {
    // a text file shown on a terminal is shown, never obeyed (src/text/sanitize.ts); `--out -` is the exact bytes
    const shown = out === undefined && ctx.io.stdoutIsTTY ? sanitizingDecoder() : undefined
    await checkedDownload(
      retry,
      ctx.abort.signal,
      open,
      {
        begin: async (res) => {
          const contentType = res.headers['content-type']
          if (out !== undefined || !ctx.io.stdoutIsTTY || isTextual(contentType)) return
          await res.body.dump().catch(() => {})
          throw new UsageError(
            `${remote} is ${contentType ?? 'binary data'}; not writing it to a terminal`,
            'pass --out <file>, or --out - to write it to stdout anyway',
          )
        },
        write: (chunk) => writeAll(ctx.io.stdout, shown ? shown.push(chunk) : chunk),
        // what reached stdout cannot be taken back: only a resumed download goes on
        restart: async () => false,
      },
      what,
      listedSize,
    )
    if (shown) await writeAll(ctx.io.stdout, shown.end())
    return
  }
  // The temp file is opened before the request, so a bad --out fails before anything is fetched; it is renamed into
  // place only once the whole file is in and checked.
  const path = await outPath(out, basename(remote))
  let file = await openAtomicFile(path, { flag: '--out' })
  try {
    const bytes = await checkedDownload(
      retry,
      ctx.abort.signal,
      open,
      {
        write: (chunk) => file.write(chunk),
        restart: async () => {
          await file.discard()
          file = await openAtomicFile(path, { flag: '--out' })
          return true
        },
      },
      what,
      listedSize,
    )
    await file.commit()
    ctx.info(`saved ${remote} (${bytes} bytes) to ${path}`)
  } finally {
    await file.discard()
  }
}

/**
 * The size the file listing gives for `remote` (its record in its folder's list, searched by its name), or
 * undefined: not listed, no size, or a listing that fails (then the download is not refused for it; a cancel still
 * ends the run).
 */
async function listedSizeOf(ctx: Context, remote: string): Promise<number | undefined> {
  const slash = remote.lastIndexOf('/')
  const query = { ...(slash > 0 ? { path: remote.slice(0, slash) } : {}), search: remote.slice(slash + 1) }
  try {
    for await (const file of (await ctx.sdk()).files.list(query))
      if (file.path === remote && file.type === 'file') return file.size
  } catch (err) {
    if (ctx.abort.signal.aborted) throw err
  }
  return undefined
}
