// The one way the library calls an operation: route name → contract endpoint (loaded per family) → request checked
// against its schemas (usage error naming the member, before anything is sent) → the HTTP core → answer checked
// against the loose response schema. ApiErrors come out as their typed subclasses (errors.ts).
import * as z from '../api/zod.js'
import { type ApiClient, type CallOptions, parseBody } from '../api/client.js'
import { type ContractRoute, type Endpoints, endpointOf } from '../api/contract/index.js'
import type { Page } from '../api/pagination.js'
import type { HttpResponse, SendOptions } from '../api/request.js'
import { routes } from '../api/routes.js'
import { UsageError } from '../api/errors.js'
import { ItemList } from './pages.js'

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

/** One call: path parameters, query, JSON body (or raw bytes), extra headers. */
export interface CallRequest {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  rawBody?: CallOptions['rawBody']
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
function checkRequest(schema: z.core.$ZodType | undefined, value: unknown, part: 'query' | 'body'): unknown {
  if (!schema || value === undefined) return value
  const r = z.safeParse(schema, value)
  // Members a query does not take (the CLI's --all) are left out; the rest go in the caller's order.
  if (r.success) return part === 'query' ? keepKeysOf(value, r.data) : value
  const issue = r.error.issues[0]
  const member = issue?.path.length ? issue.path.join('.') : part
  throw new UsageError(`${member}: ${issue?.message ?? 'invalid value'}`)
}

/** Calls operations by route name through the contract. */
export class Transport {
  constructor(
    readonly api: ApiClient,
    /** how long a stream may go without a byte (the chat stream's idle timeout) */
    readonly idleTimeoutMs: number,
  ) {}

  /** The full URL of an operation (path values checked and encoded). */
  url(name: ContractRoute, params: Record<string, string> = {}): string {
    return this.api.url(name, params)
  }

  /** A JSON body checked against the route's contract; a usage error names what is off. */
  async checkBody(name: ContractRoute, body: unknown): Promise<unknown> {
    return checkRequest((await endpointOf(name)).body, body, 'body')
  }

  /** Sends a call whose answer is read by the caller (raw bytes, streams). */
  async raw(name: ContractRoute, req: CallRequest = {}): Promise<HttpResponse> {
    const endpoint = await endpointOf(name)
    const query = checkRequest(endpoint.query, req.query, 'query') as CallRequest['query']
    const body = checkRequest(endpoint.body, req.body, 'body')
    return this.api.raw(name, {
      ...req,
      ...(query !== undefined ? { query } : {}),
      ...(body !== undefined ? { body } : {}),
      ...((req.idempotent ?? endpoint.idempotent) !== undefined
        ? { idempotent: req.idempotent ?? endpoint.idempotent }
        : {}),
    })
  }

  /** Sends a call and returns its answer, checked against the contract. */
  async call<N extends ContractRoute>(name: N, req: CallRequest = {}): Promise<ResponseOf<N>> {
    return this.answer(name, await this.raw(name, req))
  }

  /** Reads an answer of route N, wherever it was sent (a webhook's own trigger URL, say), by N's declaration. */
  async answer<N extends ContractRoute>(name: N, res: HttpResponse): Promise<ResponseOf<N>> {
    const r = routes[name]
    return parseBody(res, (await endpointOf(name)).response, `${r.method} ${r.path}`) as Promise<ResponseOf<N>>
  }

  /** A list: async iterable over the items of every page from `query.page`; `item` overrides the item schema. */
  list<N extends ContractRoute>(
    name: N,
    req: Omit<CallRequest, 'query'> & { query?: Record<string, string | number | undefined> } = {},
    opts: { item?: () => Promise<z.core.$ZodType>; sizeKey?: 'limit' | 'pageSize' } = {},
  ): ItemList<ItemOf<N>> {
    const sizeKey = opts.sizeKey ?? 'limit'
    const { page: start, ...rest } = req.query ?? {}
    const size = rest[sizeKey] === undefined ? undefined : Number(rest[sizeKey])
    const fetchPage = async (page: number): Promise<Page<ItemOf<N>>> => {
      const endpoint = await endpointOf(name)
      // `page` keeps its place among the caller's members (CMS parameters travel as strings).
      const value = sizeKey === 'pageSize' ? String(page) : page
      const query = checkRequest(endpoint.query, { ...req.query, page: value }, 'query') as Record<string, string>
      const item = opts.item ? await opts.item() : endpoint.item
      const limit = typeof query.limit === 'number' ? query.limit : undefined
      // ApiClient.page is the one reader of a page (`data` array checked, items checked against `item`).
      return this.api.page(name, item as z.core.$ZodType<ItemOf<N>> | undefined, {
        ...(req.params ? { params: req.params } : {}),
        query,
        page,
        limit,
      })
    }
    return new ItemList(fetchPage, start === undefined ? 1 : Number(start), size)
  }

  /** Sends a request to any URL through the same HTTP core (retries, timeouts, redaction, typed errors). */
  request(req: SendOptions): Promise<HttpResponse> {
    return this.api.http.send(req)
  }
}
