// The service's operations by route name (routes.ts): paths filled, account filled in, JSON in and out, bodies
// checked by the shared zod schemas at the boundary, lists followed page by page.
import * as z from './zod.js'
import { InvalidResponseError, UsageError } from './errors.js'
import type { Page } from './pagination.js'
import type { HttpClient, HttpResponse, RequestBody } from './request.js'
import { clientHint } from './error-hints.js'
import { type RouteName, routes, urlFor } from './routes.js'

/** Options of one call. */
export interface CallOptions {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined>
  /** a JSON body (serialized once) or raw bytes */
  body?: unknown
  rawBody?: RequestBody
  headers?: Record<string, string>
  auth?: boolean
  idempotent?: boolean
  stream?: boolean
  signal?: AbortSignal
}

/** Options of one page of a list. */
export interface ListOptions {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined>
  page?: number | undefined
  limit?: number | undefined
}

/** Calls the service's operations by name. */
export class ApiClient {
  constructor(
    readonly http: HttpClient,
    private readonly base: string | undefined,
    private readonly account: string | undefined,
  ) {}

  /** {base_url}, or a usage error that says how to set it (a call by full URL, e.g. a trigger --url, needs none). */
  get baseUrl(): string {
    if (!this.base)
      throw new UsageError(
        'no base URL is set',
        'pass --base-url https://host/api/v1beta, set AGENTRY_BASE_URL, run `agentry config set base-url <url>`, or try --emulator',
      )
    return this.base
  }

  /** The account id, or a usage error that says how to set it. */
  accountId(): string {
    if (!this.account)
      throw new UsageError(
        'no account id is set',
        'pass --account <id>, set AGENTRY_ACCOUNT, or run: agentry config set account <id>',
      )
    return this.account
  }

  /** The full URL of an operation. */
  url(name: RouteName, params: Record<string, string> = {}, query: CallOptions['query'] = {}): string {
    const route = routes[name]
    const all = route.path.includes('{accountId}') ? { accountId: this.accountId(), ...params } : params
    return urlFor(this.baseUrl, route, all, query)
  }

  /** Sends a call and returns the raw response (2xx only; errors are thrown). */
  async raw(name: RouteName, opts: CallOptions = {}): Promise<HttpResponse> {
    const route = routes[name]
    const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
    return this.http.send({
      method: route.method,
      url: this.url(name, opts.params, opts.query),
      ...(body !== undefined ? { body } : {}),
      ...(opts.headers ? { headers: opts.headers } : {}),
      auth: opts.auth ?? route.auth === 'bearer',
      ...(opts.idempotent !== undefined ? { idempotent: opts.idempotent } : {}),
      ...(opts.stream ? { stream: true } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      errorHint: (status, serverMessage) => clientHint(name, this.base, status, serverMessage),
    })
  }

  /** One page of a list. */
  async page<T>(
    name: RouteName,
    item: z.core.$ZodType<T> | undefined,
    opts: ListOptions & { page: number },
  ): Promise<Page<T>> {
    const res = await this.raw(name, {
      ...(opts.params ? { params: opts.params } : {}),
      query: { ...opts.query, page: opts.page, limit: opts.limit },
    })
    const what = `${routes[name].method} ${routes[name].path}`
    const body = await parseBody<Page<unknown>>(res, undefined, what)
    if (!body || !Array.isArray(body.data))
      throw new InvalidResponseError(`the server's answer to ${what} has no data array`)
    if (item) body.data = body.data.map((d, i) => check(item, d, `${routes[name].path}: data[${i}]`))
    return body as Page<T>
  }
}

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
