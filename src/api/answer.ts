// Reading an answer the service sent: JSON parsed and checked by the shared zod schemas at the boundary. A 2xx
// that is not what the interface says is the server's failure (InvalidResponseError), never a crash later.
import * as z from './zod.js'
import { InvalidResponseError } from './errors.js'
import type { HttpResponse } from './request.js'

/**
 * Reads a JSON body and checks it against a schema (an empty body is undefined). A 2xx whose body is not what the
 * interface says (malformed JSON, an HTML page from a proxy) is the server's failure (InvalidResponseError: exit 7).
 */
export async function parseBody<T>(
  res: HttpResponse,
  schema: z.core.$ZodType<T> | undefined,
  what: string,
): Promise<T> {
  const text = res.bytes ? res.bytes.toString('utf8') : await res.body.text()
  if (res.status === 204) return undefined as T
  // an empty 2xx is fine where the interface expects nothing; where it expects a value, the schema says it is missing
  if (text.trim() === '') return schema ? check(schema, undefined, what) : (undefined as T)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    const type = res.headers['content-type']?.split(';')[0]?.trim()
    const html = /html/i.test(type ?? '') || /^\s*<(!doctype|html)/i.test(text)
    const detail = html ? `an HTML page (${type ?? 'no content type'})` : `${(err as Error).message}`
    throw new InvalidResponseError(
      `the server's answer to ${what} is not JSON: ${detail}: ${JSON.stringify(text.slice(0, 80))}`,
      html
        ? 'is --base-url the API address (…/api/v1beta)? check it with `agentry config list`'
        : 'the server sent a broken answer; try again, or add --debug to see it',
    )
  }
  return schema ? check(schema, value, what) : (value as T)
}

/** Checks a value against a schema, with an error that names the member that is off. */
export function check<T>(schema: z.core.$ZodType<T>, value: unknown, what: string): T {
  const r = z.safeParse(schema, value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const path = issue?.path.length ? `.${issue.path.join('.')}` : ''
  throw new InvalidResponseError(
    `the server's answer to ${what} does not match the interface: ${path || 'body'}: ${issue?.message}`,
  )
}
