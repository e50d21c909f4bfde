// Request bodies: the raw bytes are kept (scenario signatures are HMACs of the exact bytes, service-interface 5.5),
// JSON is parsed once, and zod validation failures become 400s that name the field.
import type { IncomingMessage } from 'node:http'
import * as z from '../api/zod.js'
import { maxBodyBytes } from '../limits.js'
import { HttpError } from './types.js'

/** The body of a request that has none. */
const emptyBody: Buffer = Buffer.alloc(0)

/** Thrown when the client went away before its body arrived: nobody is left to answer. */
export class ClientGoneError extends Error {}

const tooLarge = (limit: number) =>
  new HttpError(
    413,
    `body is larger than ${limit} bytes (${Math.round(limit / 1048576)} MB): send less`,
    { connection: 'close' },
    'payload_too_large',
  )

/**
 * Reads the whole body, up to `limit` bytes (default: the service's, file uploads included; 413 past it). A request
 * without Content-Length or Transfer-Encoding has none.
 */
export function readBody(req: IncomingMessage, limit = maxBodyBytes): Promise<Buffer> {
  const len = req.headers['content-length']
  if (len === undefined && req.headers['transfer-encoding'] === undefined) return Promise.resolve(emptyBody)
  if (len === '0') return Promise.resolve(emptyBody)
  if (len !== undefined && Number(len) > limit) return Promise.reject(tooLarge(limit))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const onData = (c: Buffer) => {
      size += c.length
      if (size > limit) {
        settled = true
        req.off('data', onData)
        req.resume()
        reject(tooLarge(limit))
        return
      }
      chunks.push(c)
    }
    req.on('data', onData)
    req.once('end', () => {
      if (settled) return
      settled = true
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    })
    req.once('error', (e) => {
      if (!settled) reject(new ClientGoneError(e.message))
      settled = true
    })
    req.once('close', () => {
      if (!settled) reject(new ClientGoneError('client closed the connection'))
      settled = true
    })
  })
}

/** Deepest JSON nesting accepted (wire.md: 64 levels); deeper bodies could be stored but never saved or served. */
const maxJsonDepth = 64

/** Does this JSON text nest objects and arrays deeper than `max`? A byte scan, before JSON.parse builds anything. */
function tooDeep(raw: Buffer, max = maxJsonDepth): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]
    if (inString) {
      if (c === 0x5c)
        i++ // a backslash escapes the next byte
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

const tooDeepError = () => new HttpError(400, `body: JSON is nested deeper than ${maxJsonDepth} levels`, {}, 'too_deep')

/**
 * Refuses a body nested too deep whatever its Content-Type (some handlers read JSON from a text/plain body, as
 * JSON-RPC clients send it): every route but raw file uploads. JSON types are checked by parseBody already.
 */
export function refuseTooDeep(raw: Buffer, contentType: string | undefined): void {
  if (raw.length > 0 && contentType !== undefined && !isJsonType(contentType) && tooDeep(raw)) throw tooDeepError()
}

/** Is this Content-Type a JSON one (application/json, application/*+json)? */
function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /[/+]json\b/i.test(contentType)
}

/**
 * The parsed body: JSON when the Content-Type says so (a parse failure is a 400); with no Content-Type at all, JSON
 * if it parses (lenient, as curl users often forget the header); otherwise undefined (handlers use the raw bytes).
 */
export function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined
  if (isJsonType(contentType)) {
    if (tooDeep(raw)) throw tooDeepError()
    try {
      return JSON.parse(raw.toString('utf8'))
    } catch (e) {
      throw new HttpError(400, `body is not valid JSON: ${(e as Error).message}`, {}, 'invalid_json')
    }
  }
  if (contentType === undefined) {
    if (tooDeep(raw)) throw tooDeepError()
    try {
      return JSON.parse(raw.toString('utf8'))
    } catch {
      return undefined
    }
  }
  return undefined
}

/** One zod issue as a sentence that starts with the field: `name is required`, `status: Invalid option …`. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.')
  if (issue.code === 'unrecognized_keys') {
    const where = path === '' ? '' : `${path}: `
    return `${where}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
  }
  if (path === '') return `body: ${issue.message}`
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${path} is required`
  return issue.message.startsWith(`${path} `) ? issue.message : `${path}: ${issue.message}`
}

/** The first zod issue as one line naming the field, e.g. `messages.0.role: Invalid option …` (the one error style). */
export function issueMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0]
  return issue === undefined ? 'invalid body' : describeIssue(issue)
}

/** Validates a JSON body with a shared schema; a failure is a 400 naming the field. */
export function validate<S extends z.core.$ZodType>(schema: S, body: unknown, rawLength = 0): z.infer<S> {
  if (body === undefined && rawLength > 0) {
    throw new HttpError(400, 'body must be JSON (send Content-Type: application/json)', {}, 'invalid_body')
  }
  const r = z.safeParse(schema, body ?? {})
  if (!r.success) throw new HttpError(400, issueMessage(r.error), {}, 'invalid_body')
  return r.data
}
