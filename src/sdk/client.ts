// The library's client (the shape of the OpenAI Node SDK): one client, one property a resource family, each a few
// typed functions over the contract (transport.ts). The CLI's commands use the same client (Context.sdk()).
import type { Dispatcher } from 'undici'
import { Redactor } from '../api/redact.js'
import { HttpClient, type HttpResponse, type SendOptions } from '../api/request.js'
import { agentsResource, skillsResource } from './agents.js'
import { chatResource } from './chat.js'
import { chatsResource } from './chats.js'
import { cmsResource } from './cms.js'
import { filesResource } from './files.js'
import { imagesResource } from './images.js'
import { keysResource } from './keys.js'
import { schedulesResource } from './schedules.js'
import { scenariosResource } from './scenarios.js'
import { pagesResource, sitesResource } from './sites.js'
import { Transport } from './transport.js'
import { webhooksResource } from './webhooks.js'

/** How a client is set up. */
export interface ClientOptions {
  /** `{base_url}`: the service's origin plus /api/v1beta */
  baseUrl: string
  /** an API key (sent as a bearer token) */
  apiKey?: string
  /** or a token provider, called before each request (e.g. an OAuth token that refreshes) */
  token?: () => Promise<string | undefined> | string | undefined
  /** the account id of the `/{accountId}/…` routes */
  account?: string
  /** total timeout of a request in ms (streams: until the headers); default 300000 */
  timeoutMs?: number
  /** how long a stream may go without a byte, in ms; default 60000 */
  idleTimeoutMs?: number
  /** retries of idempotent requests after a connection error, 429 or 5xx; default 2 */
  retries?: number
  /** an undici dispatcher (proxies, tests); default: one that honours HTTPS_PROXY/NO_PROXY */
  dispatcher?: Dispatcher
  /** aborts every request of the client */
  signal?: AbortSignal
  /** the User-Agent header */
  userAgent?: string
}

/** The service's client: `client.agents.list()`, `client.chat.stream(agentId, {...})`, `client.cms.from('posts')`, … */
export class AgentryClient {
  readonly agents
  readonly skills
  readonly chats
  readonly chat
  readonly scenarios
  readonly webhooks
  readonly schedules
  readonly keys
  readonly sites
  readonly pages
  readonly files
  readonly images
  readonly cms
  /** the client under the resources: route names, the contract, the HTTP core (for the CLI's own commands) */
  readonly transport: Transport

  constructor(transport: Transport) {
    this.transport = transport
    this.agents = agentsResource(transport)
    this.skills = skillsResource(transport)
    this.chats = chatsResource(transport)
    this.chat = chatResource(transport)
    this.scenarios = scenariosResource(transport)
    this.webhooks = webhooksResource(transport)
    this.schedules = schedulesResource(transport)
    this.keys = keysResource(transport)
    this.sites = sitesResource(transport)
    this.pages = pagesResource(transport)
    this.files = filesResource(transport)
    this.images = imagesResource(transport)
    this.cms = cmsResource(transport)
  }

  /** `{base_url}` of the service. */
  get baseUrl(): string {
    return this.transport.baseUrl
  }

  /**
   * Sends a request to any URL (e.g. an operation the library does not wrap yet) through the same HTTP core:
   * bearer auth, retries of idempotent requests, timeouts, typed errors. The body comes back unread.
   */
  request(req: SendOptions): Promise<HttpResponse> {
    return this.transport.request(req)
  }

  /** Closes idle connections (call it when done, so the process can exit at once). */
  close(): Promise<void> {
    return this.transport.http.close()
  }
}

/** Creates a client. */
export function createClient(opts: ClientOptions): AgentryClient {
  const token = opts.token
  const http = new HttpClient({
    userAgent: opts.userAgent ?? 'agentry-library',
    timeoutMs: opts.timeoutMs ?? 300_000,
    idleTimeoutMs: opts.idleTimeoutMs ?? 60_000,
    retries: opts.retries ?? 2,
    token: token ? async () => token() : async () => opts.apiKey,
    redactor: new Redactor(),
    dispatcher: opts.dispatcher,
    signal: opts.signal,
  })
  return new AgentryClient(new Transport(http, opts.baseUrl, opts.account))
}
