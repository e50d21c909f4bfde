// Reading an answer the service sent: JSON parsed and checked by the shared zod schemas at the boundary. A 2xx
// that is not what the interface says is the server's failure (InvalidResponseError), never a crash later. No zod is
// loaded here: a Checker's schema is loaded (and zod with it) only when its generated check (./accept.gen.ts) does not
// accept the value.
import type * as z from './zod.js'
import { parseAccepted } from './accept-kit.js'
import { InvalidResponseError } from './errors.js'
import type { HttpResponse } from './request.js'

/**
 * Reads a JSON body and checks it with a Checker (an empty body is undefined). A 2xx whose body is not what the
 * interface says (malformed JSON, an HTML page from a proxy) is the server's failure (InvalidResponseError: exit 7).
 */
export async function parseBody<T>(
  res: HttpResponse,
  checker: Checker<T> | undefined,
  what: string,
  /** the documented shapes read as ours before the check (./shapes.ts answerShape) */
  shape?: (value: unknown) => unknown,
): Promise<T> {
  const text = res.bytes ? res.bytes.toString('utf8') : await res.body.text()
  if (res.status === 204) return undefined as T
  // an empty 2xx is fine where the interface expects nothing; where it expects a value, the schema says it is missing
  if (text.trim() === '') return checker ? check(checker, undefined, what) : (undefined as T)
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
  if (shape) value = shape(value)
  return checker ? check(checker, value, what) : (value as T)
}

/**
 * How an answer is checked: its generated check first, and its zod schema (loaded then) for a value the check does not
 * accept, so that zod's error, defaults and stripped members stay exactly zod's. No schema: any value is taken.
 */
export interface Checker<T> {
  accept: (value: unknown) => boolean
  schema: () => Promise<z.ZodMiniType<T> | undefined>
}

/** Checks a value (its generated check first, then its schema), with an error that names the member that is off. */
export async function check<T>(checker: Checker<T>, value: unknown, what: string): Promise<T> {
  const r = await parseAccepted<T>(
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
