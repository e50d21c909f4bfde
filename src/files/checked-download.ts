// A download read to its end and checked, retried as every idempotent call is (src/api/retry.ts, --retries): a body
// that breaks off (a reset), stalls (AGENTRY_IDLE_TIMEOUT) or ends short of what the server declared is fetched
// again, from where it stopped with `Range` when the server offers byte ranges (Accept-Ranges, a 206 answer), else
// from the start. What the server declared is checked at the end: the size (Content-Length, or the total of a
// Content-Range) and the whole file's digest (Repr-Digest, Content-Digest of a full answer, or the older Digest;
// sha-256 or sha-512). Then, whatever the answer declared, the body is checked against the size the file listing
// gives: an error page of 62 bytes served with 200 for a file listed at 300,000 is no download, even when it declares
// its own length or digest (those describe the page, not the file). A server that declares nothing and lists no size
// cannot be checked: `files download --help` says so.
import { createHash, type Hash } from 'node:crypto'
import type { HttpClient, HttpResponse } from '../api/request.js'
import { type AgentryError, kindOf, NetworkError } from '../errors.js'
import { bodyChunks } from '../io/body-stream.js'

/** Where the bytes go, in order. */
export interface DownloadSink {
  /** sees each answer that starts the file, before its body is read (it may refuse it: then it dumps the body) */
  begin?(res: HttpResponse): Promise<void>
  write(chunk: Uint8Array): Promise<void>
  /** forgets what was written, for a download that starts again from byte 0; false when it cannot (stdout) */
  restart(): Promise<boolean>
}

/** What the server declared about the whole file. */
interface Declared {
  size?: number
  digest?: { algorithm: 'sha256' | 'sha512'; value: string }
  /** a strong ETag or Last-Modified: a resumed request asks for the same file with If-Range */
  validator?: string
  ranges: boolean
}

/**
 * Downloads through `open` (which adds `headers` to the request) into `sink`; the byte count. `http` is the client
 * `open` sends through (the library's, `sdk.transport.http`): its retry policy (--retries and the pause between
 * tries) is the one every call follows; `signal` tells a cancelled run from a broken body.
 */
export async function checkedDownload(
  http: Pick<HttpClient, 'retries' | 'pauseBeforeRetry'>,
  signal: AbortSignal,
  open: (headers: Record<string, string>) => Promise<HttpResponse>,
  sink: DownloadSink,
  what: string,
  listedSize?: () => Promise<number | undefined>,
): Promise<number> {
  let declared: Declared | undefined
  let received = 0
  let hash = createHash('sha256')
  let failure: AgentryError | undefined
  for (let attempt = 0; ; attempt++) {
    // from where it stopped, unless the bytes it got were wrong (then from the start)
    const resume =
      received > 0 &&
      declared?.ranges === true &&
      !(failure instanceof DigestMismatch) &&
      (declared.size === undefined || received < declared.size)
    const range: Record<string, string> = resume
      ? { range: `bytes=${received}-`, ...(declared?.validator ? { 'if-range': declared.validator } : {}) }
      : {}
    const res = await open(range)
    if (!(res.status === 206 && resume && contentRangeStart(res) === received)) {
      // the whole file (again): what was written goes, where it can (not what reached stdout)
      if (received > 0 && !(await sink.restart())) {
        await res.body.dump().catch(() => {})
        throw failure!
      }
      received = 0
      declared = declaredBy(res)
      hash = createHash(declared.digest?.algorithm ?? 'sha256')
      await sink.begin?.(res)
    } else declared = { ...declared!, ...sizeOfRange(res) }
    try {
      for await (const chunk of bodyChunks(signal, res.body, what)) {
        await sink.write(chunk)
        hash.update(chunk)
        received += chunk.length
      }
      checkComplete(declared, received, hash, what)
      if (listedSize) checkListed(await listedSize(), received, res.headers['content-type'], what)
      return received
    } catch (err) {
      if (!retryable(err)) throw err
      if (attempt >= http.retries) throw attempt > 0 ? withTries(err, attempt + 1) : err
      failure = err
      await http.pauseBeforeRetry(attempt, err.message)
    }
  }
}

/** The bytes received are not the file the server described. */
class DigestMismatch extends NetworkError {}

/** The failures of a body that another try may mend: a reset, a stall, a short or corrupt body. */
const retryable = (err: unknown): err is AgentryError =>
  !(err instanceof ListingMismatch) && (kindOf(err) === 'network' || kindOf(err) === 'timeout')

function withTries(err: AgentryError, tries: number): AgentryError {
  err.message += ` (after ${tries} attempts)`
  return err
}

/** Fails when the body is not what the server declared (its size, its digest). */
function checkComplete(declared: Declared, received: number, hash: Hash, what: string): void {
  if (declared.size !== undefined && received !== declared.size)
    throw new NetworkError(
      `${what}: the body ended after ${received} of the ${declared.size} bytes the server declared`,
      'try again',
    )
  const digest = declared.digest
  if (digest && hash.copy().digest('base64') !== digest.value)
    throw new DigestMismatch(
      `${what}: the file does not match the ${digest.algorithm} digest the server sent`,
      'try again',
    )
}

/**
 * Fails (exit 8, not retried: the same answer would come again) when the body has another size than the file's
 * listing gives, whatever the answer declared about itself.
 */
function checkListed(listed: number | undefined, received: number, contentType: string | undefined, what: string) {
  if (listed === undefined || listed === received) return
  const type = contentType ? ` (${contentType})` : ''
  throw new ListingMismatch(
    `${what}: the server sent ${received} bytes${type} but the file listing says ${listed} bytes`,
    'check the file with `agentry files list <folder>`, then try again',
  )
}

/** The body has another size than the file's listing. */
class ListingMismatch extends NetworkError {}

/** What a full (200) answer declares. */
function declaredBy(res: HttpResponse): Declared {
  const h = res.headers
  const length = wholeNumber(h['content-length'])
  const etag = h.etag !== undefined && !h.etag.startsWith('W/') ? h.etag : undefined
  const validator = etag ?? h['last-modified']
  return {
    ...(length !== undefined && !h['content-encoding'] ? { size: length } : {}),
    ...digestOf(h['repr-digest'] ?? h['content-digest'], h.digest),
    ...(validator ? { validator } : {}),
    ranges: /\bbytes\b/i.test(h['accept-ranges'] ?? ''),
  }
}

/** The first byte of a 206 answer (Content-Range: bytes first-last/total). */
function contentRangeStart(res: HttpResponse): number | undefined {
  const m = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(res.headers['content-range'] ?? '')
  return m ? Number(m[1]) : undefined
}

/** The whole size a 206 answer declares, if any. */
function sizeOfRange(res: HttpResponse): { size?: number } {
  const total = /\/(\d+)$/.exec(res.headers['content-range'] ?? '')?.[1]
  return total !== undefined ? { size: Number(total) } : {}
}

function wholeNumber(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined
}

/**
 * The digest to check: RFC 9530 (`sha-256=:base64:`, the strongest of a list) or RFC 3230 (`SHA-256=base64`).
 * Algorithms we cannot compute are left aside.
 */
function digestOf(structured: string | undefined, legacy: string | undefined): Pick<Declared, 'digest'> {
  const found: { algorithm: 'sha256' | 'sha512'; value: string }[] = []
  for (const m of (structured ?? '').matchAll(/(sha-256|sha-512)\s*=\s*:([A-Za-z0-9+/=]+):/gi))
    found.push({ algorithm: m[1]!.toLowerCase() === 'sha-512' ? 'sha512' : 'sha256', value: m[2]! })
  for (const m of (legacy ?? '').matchAll(/(sha-256|sha-512)\s*=\s*([A-Za-z0-9+/=]+)/gi))
    found.push({ algorithm: m[1]!.toLowerCase() === 'sha-512' ? 'sha512' : 'sha256', value: m[2]! })
  const best = found.find((d) => d.algorithm === 'sha512') ?? found[0]
  return best ? { digest: best } : {}
}
