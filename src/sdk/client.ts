// The library's client (the shape of the OpenAI Node SDK): one client, one property a resource family, each a few
// typed functions over the contract (transport.ts): the plain ones generated from the operations' declarations
// (methods.gen.ts), the others written by hand beside them. The CLI's commands use the same client (Context.sdk()).
import type { Dispatcher } from 'undici'
import { Redactor } from '../api/redact.js'
import { HttpClient, type HttpResponse, type SendOptions } from '../api/request.js'
import { chatResource } from './chat.js'
import { chatsByHand } from './chats.js'
import { cmsResource } from './cms.js'
import { desktopResource } from './desktop.js'
import { filesByHand } from './files.js'
import { imagesByHand } from './images.js'
import {
  agentsMethods,
  chatsMethods,
  filesMethods,
  imagesMethods,
  keysMethods,
  pagesMethods,
  recordTypesMethods,
  scenariosMethods,
  schedulesMethods,
  sitesMethods,
  skillsMethods,
  teamsMethods,
  webhooksMethods,
} from './methods.gen.js'
import { modelsResource } from './models.js'
import { scenariosByHand } from './scenarios.js'
import { serviceBaseUrl } from '../api/service-url.js'
import { defaultIdleTimeoutSeconds } from '../limits.js'
import { Transport } from './transport.js'
import { webhooksByHand } from './webhooks.js'

/** How a client is set up. */
export interface ClientOptions {
  /** `{base_url}`: the service's origin plus /api/v1beta; default https://brightsy.ai/api/v1beta, the service itself */
  baseUrl?: string
  /** an API key (sent as a bearer token) */
  apiKey?: string
  /** or a token provider, called before each request (e.g. an OAuth token that refreshes) */
  token?: () => Promise<string | undefined> | string | undefined
  /** the account id of the `/{accountId}/…` routes */
  account?: string
  /** total timeout of a request in ms (streams: until the headers); default 300000 */
  timeoutMs?: number
  /** how long a stream may go without a byte, in ms; default 300000 (the service asks clients to wait 300 s) */
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

/** The methods a resource factory makes. */
type Methods<F extends (t: Transport) => object> = ReturnType<F>

/**
 * The service's client: `client.agents.list()`, `client.chat.stream(agentId, {...})`, `client.cms.from('posts')`, …
 * Each resource is built on first use (a getter, the same object every time after): a CLI command that calls one
 * resource builds no other (start-up budget, docs/architecture.md).
 */
export class AgentryClient {
  /** the client under the resources: route names, the contract, the HTTP core (for the CLI's own commands) */
  readonly transport: Transport
  readonly #built = new Map<string, object>()

  constructor(transport: Transport) {
    this.transport = transport
  }

  /** A resource, built by `make` on first use. */
  #resource<T extends object>(name: string, make: (t: Transport) => T): T {
    let made = this.#built.get(name) as T | undefined
    if (!made) {
      made = make(this.transport)
      this.#built.set(name, made)
    }
    return made
  }

  // typed by their factories, so that each method keeps its doc comment in the library's declarations
  get agents(): Methods<typeof agentsMethods> {
    return this.#resource('agents', agentsMethods)
  }
  /** The models the account can chat with directly (`client.chat.stream('default', {model, …})`). */
  get models(): Methods<typeof modelsResource> {
    return this.#resource('models', modelsResource)
  }
  /** The accounts (teams) the credential reaches. */
  get teams(): Methods<typeof teamsMethods> {
    return this.#resource('teams', teamsMethods)
  }
  get skills(): Methods<typeof skillsMethods> {
    return this.#resource('skills', skillsMethods)
  }
  get chats(): Methods<typeof chatsMethods> & Methods<typeof chatsByHand> {
    return this.#resource('chats', (t) => ({ ...chatsMethods(t), ...chatsByHand(t) }))
  }
  get chat(): Methods<typeof chatResource> {
    return this.#resource('chat', chatResource)
  }
  get scenarios(): Methods<typeof scenariosMethods> & Methods<typeof scenariosByHand> {
    return this.#resource('scenarios', (t) => ({ ...scenariosMethods(t), ...scenariosByHand(t) }))
  }
  get webhooks(): Methods<typeof webhooksMethods> & Methods<typeof webhooksByHand> {
    return this.#resource('webhooks', (t) => ({ ...webhooksMethods(t), ...webhooksByHand(t) }))
  }
  get schedules(): Methods<typeof schedulesMethods> {
    return this.#resource('schedules', schedulesMethods)
  }
  get keys(): Methods<typeof keysMethods> {
    return this.#resource('keys', keysMethods)
  }
  get sites(): Methods<typeof sitesMethods> {
    return this.#resource('sites', sitesMethods)
  }
  get pages(): Methods<typeof pagesMethods> {
    return this.#resource('pages', pagesMethods)
  }
  get files(): Methods<typeof filesMethods> & Methods<typeof filesByHand> {
    return this.#resource('files', (t) => ({ ...filesMethods(t), ...filesByHand(t) }))
  }
  get images(): Methods<typeof imagesMethods> & Methods<typeof imagesByHand> {
    return this.#resource('images', (t) => ({ ...imagesMethods(t), ...imagesByHand(t) }))
  }
  get cms(): Methods<typeof cmsResource> {
    return this.#resource('cms', cmsResource)
  }
  /** The desktop task queue: a hosted agent's tasks for this machine (`agentry connect`). */
  get desktop(): Methods<typeof desktopResource> {
    return this.#resource('desktop', desktopResource)
  }
  /** The record types: each collection with its `schema` and `schema_ui` (the SDK's `recordTypes`). */
  get recordTypes(): Methods<typeof recordTypesMethods> {
    return this.#resource('recordTypes', recordTypesMethods)
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
    idleTimeoutMs: opts.idleTimeoutMs ?? defaultIdleTimeoutSeconds * 1000,
    retries: opts.retries ?? 2,
    token: token ? async () => token() : async () => opts.apiKey,
    redactor: new Redactor(),
    dispatcher: opts.dispatcher,
    signal: opts.signal,
  })
  return new AgentryClient(new Transport(http, opts.baseUrl ?? serviceBaseUrl, opts.account))
}
