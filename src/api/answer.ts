// Reading an answer the service sent: JSON parsed and checked by the shared zod schemas at the boundary. A 2xx
// that is not what the interface says is the server's failure (InvalidResponseError), never a crash later. No zod is
// loaded here: a schema, when one is given, is zod's own (its safeParse), and the transport passes one only when the
// generated check (./accept.gen.ts) did not accept the value.
import type * as z from './zod.js'
import { parseAccepted } from '../config/accept-kit.js'
import { InvalidResponseError } from './errors.js'
import type { HttpResponse } from './request.js'

/**
 * Reads a JSON body and checks it against a schema (an empty body is undefined). A 2xx whose body is not what the
 * interface says (malformed JSON, an HTML page from a proxy) is the server's failure (InvalidResponseError: exit 7).
 */
export async function parseBody<T>(res: HttpResponse, schema: Checker<T> | undefined, what: string): Promise<T> {
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

/**
 * How an answer is checked: a zod schema, or a generated check first and the schema (loaded then) for a value it does
 * not accept, so that zod's error, defaults and stripped members stay exactly zod's.
 */
export type Checker<T> =
  | z.ZodMiniType<T>
  | { accept: (value: unknown) => boolean; schema: () => Promise<z.ZodMiniType<T> | undefined> }

/** Checks a value against a schema (or its generated check first), with an error that names the member that is off. */
export async function check<T>(checker: Checker<T>, value: unknown, what: string): Promise<T> {
  const r =
    '_zod' in checker
      ? (checker as z.ZodMiniType<T>).safeParse(value)
      : await parseAccepted<T>(
          checker.accept,
          async () => (await checker.schema()) ?? { safeParse: (v) => ({ success: true, data: v as T }) },
          value,
        )
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const path = issue?.path.length ? `.${issue.path.join('.')}` : ''
  throw new InvalidResponseError(
    `the server's answer to ${what} does not match the interface: ${path || 'body'}: ${issue?.message}`,
  )
}
