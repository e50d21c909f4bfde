// The service's client under the resources, and the only layer between them and the HTTP core (request.ts): it knows
// the base URL and the account, fills paths from the route table, checks a request against the route's contract
// (a usage error naming the member, before anything is sent), sends it through the HTTP core (auth, retries,
// timeouts, redaction; an error answer comes back already typed, ../api/errors.ts), checks the answer against the
// loose response schema and follows lists page by page. Each check is first the generated one of the route's family
// (../api/accept/<family>.gen.ts, loaded on first use): a value it accepts is what zod would give, and is used as is
// without loading the route's family (its schemas and zod); any other value goes to the declared zod schema, so every
// error message, default and stripped member is zod's.
import type * as z from '../api/zod.js'
import { acceptLoaders, type FamilyAccepts, type RouteAccepts } from '../api/accept.gen.js'
import { type Checker, check, parseBody } from '../api/answer.js'
import { type ContractRoute, type Endpoints, endpointOf, type Family } from '../api/contract/index.js'
import { clientHint } from '../api/error-hints.js'
import { InvalidResponseError, UsageError } from '../api/errors.js'
import type { Page } from '../api/pagination.js'
import { answerShape, type PageRequest, pageOf } from '../api/shapes.js'
import type { HttpClient, HttpResponse, RequestBody, SendOptions } from '../api/request.js'
import { routes, urlFor } from '../api/routes.js'
import { ItemList } from './pages.js'

const familyAccepts = new Map<Family, Promise<FamilyAccepts>>()

/** The generated checks of a route, loading its family's (and only its family's) on first use. */
function acceptsOf(name: ContractRoute): Promise<RouteAccepts> {
  const family = routes[name].family
  let loaded = familyAccepts.get(family)
  if (!loaded) {
    loaded = acceptLoaders[family]()
    familyAccepts.set(family, loaded)
  }
  return loaded.then((accepts) => {
    const a = accepts[name]
    if (!a) throw new Error(`the ${family} checks have no ${name}`)
    return a
  })
}

type EndpointOf<N extends ContractRoute> = Endpoints[N]
/** The parsed answer of a route (undefined when it has none). */
export type ResponseOf<N extends ContractRoute> =
  EndpointOf<N> extends { response: infer S extends z.core.$ZodType } ? z.output<S> : undefined
/** One item of a list route. */
export type ItemOf<N extends ContractRoute> =
  EndpointOf<N> extends { item: infer S extends z.core.$ZodType } ? z.output<S> : never
/** The JSON body a route takes (before defaults are filled in). */
export type BodyOf<N extends ContractRoute> =
  EndpointOf<N> extends { body: infer S extends z.core.$ZodType } ? z.input<S> : never

/**
 * Reads an answer of route N by N's declaration, wherever it was sent: the URL a webhook, OAuth metadata or an agent
 * card names (`url`, named in errors by its path), or the route's own.
 */
export async function answerOf<N extends ContractRoute>(
  res: HttpResponse,
  name: N,
  url?: string,
): Promise<ResponseOf<N>> {
  const r = routes[name]
  const what = `${r.method} ${url === undefined ? r.path : new URL(url).pathname}`
  const accept = (await acceptsOf(name)).response
  const checker: Checker<unknown> | undefined = accept && {
    accept,
    schema: async () => (await endpointOf(name)).response,
  }
  return parseBody(res, checker, what, (value) => answerShape(value, accept)) as Promise<ResponseOf<N>>
}

/** One call: path parameters, query, JSON body (or raw bytes), extra headers. */
export interface CallRequest {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  /** raw bytes (or a stream opened for each try) instead of a JSON body */
  rawBody?: RequestBody
  headers?: Record<string, string>
  auth?: boolean
  stream?: boolean
  signal?: AbortSignal
  /** may be sent again after a failure (default: the route's contract, else by method) */
  idempotent?: boolean
}

function keepKeysOf(value: unknown, parsed: unknown): unknown {
  if (typeof value !== 'object' || value === null || typeof parsed !== 'object' || parsed === null) return value
  return Object.fromEntries(Object.entries(value).filter(([k]) => Object.hasOwn(parsed, k)))
}

/**
 * Checks a request part against its schema; the first problem is a usage error naming the member. What is sent is
 * the body as given, not the parsed one: a schema's defaults must not add members (a PATCH would reset them).
 */
function checkRequest(schema: z.ZodMiniType | undefined, value: unknown, part: 'query' | 'body'): unknown {
  if (!schema || value === undefined) return value
  const r = schema.safeParse(value)
  // Members a query does not take (the CLI's --all) are left out; the rest go in the caller's order.
  if (r.success) return part === 'query' ? keepKeysOf(value, r.data) : value
  const issue = r.error.issues[0]
  const member = issue?.path.length ? issue.path.join('.') : part
  throw new UsageError(`${member}: ${issue?.message ?? 'invalid value'}`)
}

/**
 * A call's query and JSON body, checked: as given when the generated checks accept them (or the route declares no
 * schema for them), else by the route's zod schemas (its family loaded then).
 */
async function checkedRequest(
  name: ContractRoute,
  req: CallRequest,
): Promise<{ query: CallRequest['query']; json: unknown; idempotent: boolean | undefined }> {
  const a = await acceptsOf(name)
  const fast = (part: unknown, accept: ((v: unknown) => boolean) | undefined) =>
    part === undefined || accept === undefined || accept(part)
  if (fast(req.query, a.query) && fast(req.body, a.body))
    return { query: req.query, json: req.body, idempotent: a.idempotent }
  const endpoint = await endpointOf(name)
  return {
    query: checkRequest(endpoint.query, req.query, 'query') as CallRequest['query'],
    json: checkRequest(endpoint.body, req.body, 'body'),
    idempotent: a.idempotent,
  }
}

/** Calls the service's operations by route name, through the contract. */
export class Transport {
  constructor(
    /** the HTTP core: also sends to URLs outside the service (a webhook's trigger URL, an agent card) */
    readonly http: HttpClient,
    private readonly base: string,
    private readonly account: string | undefined,
    /** the error of a call that needs the account when none is set (the CLI's says how to log in) */
    private readonly noAccount?: () => Error,
  ) {}

  /** {base_url} */
  get baseUrl(): string {
    return this.base
  }

  /** The account id, or a usage error that says how to set it. */
  accountId(): string {
    if (!this.account && this.noAccount) throw this.noAccount()
    if (!this.account)
      throw new UsageError(
        'no account id is set',
        'pass --account <id>, set AGENTRY_ACCOUNT, or run: agentry config set account <id>',
      )
    return this.account
  }

  /** The full URL of an operation (path values checked and encoded). */
  url(name: ContractRoute, params: Record<string, string> = {}, query: CallRequest['query'] = {}): string {
    const route = routes[name]
    const all = route.path.includes('{accountId}') ? { accountId: this.accountId(), ...params } : params
    return urlFor(this.baseUrl, route, all, query)
  }

  /** A JSON body checked against the route's contract; a usage error names what is off. */
  async checkBody(name: ContractRoute, body: unknown): Promise<unknown> {
    return (await checkedRequest(name, { body })).json
  }

  /** Sends a call whose answer is read by the caller (raw bytes, streams); an error answer throws, typed. */
  async raw(name: ContractRoute, req: CallRequest = {}): Promise<HttpResponse> {
    const route = routes[name]
    const checked = await checkedRequest(name, req)
    const { query, json } = checked
    const body = req.rawBody ?? (json === undefined ? undefined : JSON.stringify(json))
    const idempotent = req.idempotent ?? checked.idempotent
    return this.http.send({
      method: route.method,
      url: this.url(name, req.params, query),
      ...(body !== undefined ? { body } : {}),
      ...(req.headers ? { headers: req.headers } : {}),
      auth: req.auth ?? route.auth === 'bearer',
      ...(idempotent !== undefined ? { idempotent } : {}),
      ...(req.stream ? { stream: true } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
      errorHint: (status, serverMessage) => clientHint(name, this.base, status, serverMessage, req.params),
    })
  }

  /** Sends a call and returns its answer, checked against the contract. */
  async call<N extends ContractRoute>(name: N, req: CallRequest = {}): Promise<ResponseOf<N>> {
    return this.answer(name, await this.raw(name, req))
  }

  /** Reads an answer of route N, wherever it was sent (a webhook's own trigger URL, say), by N's declaration. */
  answer<N extends ContractRoute>(name: N, res: HttpResponse): Promise<ResponseOf<N>> {
    return answerOf(res, name)
  }

  /** A list: async iterable over the items of every page from `query.page`, each checked as the route declares. */
  list<N extends ContractRoute>(
    name: N,
    req: Omit<CallRequest, 'query'> & { query?: Record<string, string | number | undefined> } = {},
    opts: { sizeKey?: 'limit' | 'pageSize' } = {},
  ): ItemList<ItemOf<N>> {
    const sizeKey = opts.sizeKey ?? 'limit'
    const { page: start, ...rest } = req.query ?? {}
    const size = rest[sizeKey] === undefined ? undefined : Number(rest[sizeKey])
    const fetchPage = async (page: number): Promise<Page<ItemOf<N>>> => {
      // `page` keeps its place among the caller's members (CMS parameters travel as strings).
      const value = sizeKey === 'pageSize' ? String(page) : page
      const query = { ...req.query, page: value }
      const accept = (await acceptsOf(name)).item
      const item: Checker<ItemOf<N>> | undefined = accept && {
        accept,
        schema: async () => {
          const endpoint = await endpointOf(name)
          return (endpoint.itemFor?.(query) ?? endpoint.item) as z.ZodMiniType<ItemOf<N>> | undefined
        },
      }
      const res = await this.raw(name, { ...(req.params ? { params: req.params } : {}), query })
      return readPage(res, name, item, { page, size })
    }
    return new ItemList(fetchPage, start === undefined ? 1 : Number(start), size)
  }

  /** Sends a request to any URL through the same HTTP core (retries, timeouts, redaction, typed errors). */
  request(req: SendOptions): Promise<HttpResponse> {
    return this.http.send(req)
  }
}

/**
 * The one reader of a page: any list shape the service is known to send (../api/shapes.ts: ours, `{data,total}`, a
 * plain array) read as one Page, each item checked against `item`.
 */
async function readPage<T>(
  res: HttpResponse,
  name: ContractRoute,
  item: Checker<T> | undefined,
  asked: PageRequest,
): Promise<Page<T>> {
  const what = `${routes[name].method} ${routes[name].path}`
  const page = pageOf(await parseBody<unknown>(res, undefined, what), asked)
  if (!page)
    throw new InvalidResponseError(
      `the server's answer to ${what} is no list: neither an array nor an object with a data array`,
    )
  if (item) {
    const data: T[] = []
    for (const [i, d] of page.data.entries()) data.push(await check(item, d, `${routes[name].path}: data[${i}]`))
    page.data = data
  }
  return page as Page<T>
}
