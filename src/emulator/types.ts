// The emulator's internal contract: how a route handler sees a request, the state, and what it answers.
// The server (server.ts) matches a request against the shared route table (../api/routes.ts), checks auth, and calls
// the handler registered for that route name. Handlers live in handlers/<resource>.ts.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Endpoints } from '../api/contract/index.js'
import type { RouteName } from '../api/routes.js'
import type * as z from '../api/zod.js'
import type { EmulatorState } from './state.js'

/** A parsed request as handlers see it. */
export interface EmuRequest {
  method: string
  /** the operation the route table matched (its declaration is checked by ./declared.ts) */
  operation: RouteName
  /** path parameters from the route template */
  params: Record<string, string>
  query: URLSearchParams
  headers: IncomingMessage['headers']
  /** the exact raw body bytes (HMAC is computed over them) */
  rawBody: Buffer
  /** the body parsed as JSON when Content-Type is JSON (undefined when empty); a parse failure is a 400 before the handler */
  body: unknown
  /** the body parsed by the operation's declaration, defaults filled in (./declared.ts); undefined without one */
  input?: unknown
  /** the query parsed by the route's contract declaration (its served view; ./declared.ts); undefined without one */
  queryInput?: unknown
  /** the authenticated API key or OAuth token (bearer routes only) */
  principal?: Principal
  /** the server's origin, e.g. http://127.0.0.1:4010 */
  origin: string
  /** aborted when the client goes away */
  signal: AbortSignal
  /** the raw Node objects, for streaming answers */
  raw: { req: IncomingMessage; res: ServerResponse }
}

/** The parsed body a handler gets as `req.input` on route N: its declaration's served view, else its body. */
export type DeclaredBody<N extends keyof Endpoints> = Endpoints[N] extends {
  served: { body: infer S extends z.core.$ZodType }
}
  ? z.output<S>
  : Endpoints[N] extends { body: infer S extends z.core.$ZodType }
    ? z.output<S>
    : never

/** Who is calling: an API key with its scopes, or an OAuth access token (full access to its account). */
export interface Principal {
  kind: 'api-key' | 'oauth'
  id: string
  accountId: string
  scopes: { agents?: string[]; scenarios?: string[]; cms?: 'none' | 'read' | 'write' }
}

/** What a handler answers: a JSON body with a status, no content, raw bytes, or "I wrote the response myself". */
export type EmuResponse =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; body: Buffer | string; contentType: string; headers?: Record<string, string> }
  | { status: 204; headers?: Record<string, string> }
  | { streamed: true }

/** A route handler. Throw `new HttpError(status, message)` for error answers. */
export type Handler = (req: EmuRequest, env: HandlerEnv) => Promise<EmuResponse> | EmuResponse

/** What handlers get besides the request. */
export interface HandlerEnv {
  state: EmulatorState
  /** the current time in ms (a seam for tests) */
  now(): number
  /** emulator options */
  options: EmulatorOptions
}

/** Handlers of one resource, by route name. */
export type HandlerTable = Partial<Record<RouteName, Handler>>

/** An error answer: `{error:{message, code?}}` with a status (wire.md, Everywhere). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly code?: string,
  ) {
    super(message)
  }
}

/** Options of createEmulator. */
export interface EmulatorOptions {
  /** port on 127.0.0.1 (0 = any free port) */
  port?: number
  host?: string
  /** persist state here (atomic snapshots); loaded at start when it exists */
  dataFile?: string
  /** demo data or nothing */
  seed?: 'demo' | 'none'
  /** delay between streamed tokens in ms (default 15; 0 for benchmarks) */
  tokenDelayMs?: number
  /** the polling interval a device login is given, in seconds (default 1; tests set it lower) */
  devicePollSeconds?: number
  /** relay every answer to an OpenAI-compatible server (e.g. http://127.0.0.1:11434/v1) */
  upstreamUrl?: string
  /** sent to the upstream as `Authorization: Bearer`; never logged */
  upstreamApiKey?: string
  /** the model asked of the upstream (default: the agent's model) */
  upstreamModel?: string
  /** OAuth access token lifetime in seconds (default 3600) */
  accessTokenTtlSeconds?: number
  /** run schedules (default true) */
  scheduler?: boolean
  /** the clock (tests) */
  now?: () => number
  /** the request body limit in bytes, answered with 413 past it (default maxBodyBytes of src/limits.ts; tests) */
  bodyLimitBytes?: number
  /** an attachment's size limit in bytes, answered with 413 past it (default maxAttachmentBytes of src/api/attachments.ts; tests) */
  attachmentLimitBytes?: number
  /** where internal errors, save failures and (with logRequests) request lines go; default stderr */
  log?: (line: string) => void
  /** one line per request (method, path, status, ms) to `log` (--log-requests); default: on when `log` is given */
  logRequests?: boolean
  /** how long a desktop task waits for a machine before it expires (default 120000; the desktop-relay agent waits as long) */
  desktopTaskTtlMs?: number
  /** delay every API answer (not the hooks) by `ms` plus up to `jitterMs` (--latency <ms>[:<jitter-ms>]) */
  latency?: { ms: number; jitterMs?: number }
  /** the token of the /__emulator/* hooks (default: a random one, returned as Emulator.hookToken) */
  hookToken?: string
  /** first delay before retrying a failed --data-file save, in ms (doubles up to 30 s; default 250) */
  saveRetryMs?: number
}

/** A running emulator. */
export interface Emulator {
  /** origin, e.g. http://127.0.0.1:4010 */
  url: string
  /** {base_url}: url + /api/v1beta */
  baseUrl: string
  accountId: string
  /** an API key with full scope, for demos and tests */
  demoApiKey: string
  /** the bearer token of the /__emulator/* test hooks (wire.md "The emulator's own endpoints") */
  hookToken: string
  state: EmulatorState
  close(): Promise<void>
}
