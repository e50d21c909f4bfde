// Request bodies: the raw bytes are kept (scenario signatures are HMACs of the exact bytes, service-interface 5.5),
// JSON is parsed once, and zod validation failures become 400s that name the field.
import type { IncomingMessage } from 'node:http'
import type { z } from 'zod'
import { HttpError } from './types.js'

/** Largest body accepted (file uploads included); larger ones get 413. */
export const maxBodyBytes = 25 * 1024 * 1024

/** The body of a request that has none. */
export const emptyBody: Buffer = Buffer.alloc(0)

/** Thrown when the client went away before its body arrived: nobody is left to answer. */
export class ClientGoneError extends Error {}

const tooLarge = (limit: number) =>
  new HttpError(413, `body is larger than ${limit} bytes`, { connection: 'close' }, 'payload_too_large')

/** Reads the whole body, up to `limit` bytes. A request without Content-Length or Transfer-Encoding has none. */
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

/** Is this Content-Type a JSON one (application/json, application/*+json)? */
export function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /[/+]json\b/i.test(contentType)
}

/**
 * The parsed body: JSON when the Content-Type says so (a parse failure is a 400); with no Content-Type at all, JSON
 * if it parses (lenient, as curl users often forget the header); otherwise undefined (handlers use the raw bytes).
 */
export function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined
  if (isJsonType(contentType)) {
    try {
      return JSON.parse(raw.toString('utf8'))
    } catch (e) {
      throw new HttpError(400, `body is not valid JSON: ${(e as Error).message}`, {}, 'invalid_json')
    }
  }
  if (contentType === undefined) {
    try {
      return JSON.parse(raw.toString('utf8'))
    } catch {
      return undefined
    }
  }
  return undefined
}

/** The first zod issue as one line naming the field, e.g. `messages.0.role: Invalid option …`. */
export function issueMessage(error: z.ZodError): string {
  const issue = error.issues[0]
  if (issue === undefined) return 'invalid body'
  const path = issue.path.map(String).join('.')
  return path ? `${path}: ${issue.message}` : `body: ${issue.message}`
}

/** Validates a JSON body with a shared schema; a failure is a 400 naming the field. */
export function validate<S extends z.ZodType>(schema: S, body: unknown, rawLength = 0): z.infer<S> {
  if (body === undefined && rawLength > 0) {
    throw new HttpError(400, 'body must be JSON (send Content-Type: application/json)', {}, 'invalid_body')
  }
  const r = schema.safeParse(body ?? {})
  if (!r.success) throw new HttpError(400, issueMessage(r.error), {}, 'invalid_body')
  return r.data
}
