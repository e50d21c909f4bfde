// A way to call resource handlers directly, without a server: the emulator's own request type, a HandlerEnv with a movable clock,
// a state seeded with one agent and the demo resources, and HttpError turned into the answer the server would send.
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { parseBody } from '../../src/emulator/body.js'
import { EmuRequestImpl } from '../../src/emulator/emu-request.js'
import { seedResources } from '../../src/emulator/seed-resources.js'
import { EmulatorState } from '../../src/emulator/state.js'
import {
  type EmulatorOptions,
  type EmuRequest,
  type HandlerEnv,
  type HandlerTable,
  HttpError,
  type Principal,
} from '../../src/emulator/types.js'
import { type RouteName, routes } from '../../src/api/routes.js'
import { checkDeclared } from '../../src/emulator/declared.js'
import { enforceScope } from '../../src/emulator/scope.js'

/** What a handler answered, normalised: JSON errors included. */
export interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
  json?: any
  body?: Buffer
  contentType?: string
  headers: Record<string, string>
}

/** A full-access API key principal of the demo account. */
const fullAccess: Principal = { kind: 'api-key', id: 'key_full', accountId: 'acc_demo', scopes: {} }

/** Options of a fake request. */
export interface FakeRequest {
  params?: Record<string, string>
  query?: Record<string, string> | string
  headers?: Record<string, string>
  /** a JSON body (sent as its JSON.stringify bytes with Content-Type application/json unless headers say otherwise) */
  json?: unknown
  /** raw body bytes (parsed as JSON when the Content-Type is JSON) */
  raw?: Buffer | string
  principal?: Principal | null
  origin?: string
}

/**
 * The request a handler sees, made as the server makes it: the emulator's own request type (EmuRequestImpl over a
 * real IncomingMessage and ServerResponse) and its body parser (parseBody: a JSON Content-Type with a broken body is
 * the server's 400), instead of a hand-made look-alike that could drift from it.
 */
function emulatorRequest(operation: RouteName, r: FakeRequest = {}): EmuRequest {
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = v
  let rawBody = Buffer.alloc(0)
  if (r.json !== undefined) {
    rawBody = Buffer.from(JSON.stringify(r.json))
    headers['content-type'] ??= 'application/json'
  } else if (r.raw !== undefined) rawBody = Buffer.from(r.raw)
  const incoming = new IncomingMessage(new Socket())
  incoming.method = 'POST'
  incoming.headers = headers
  const search = typeof r.query === 'string' ? r.query : new URLSearchParams(r.query ?? {}).toString()
  const req = new EmuRequestImpl(incoming, new ServerResponse(incoming), {
    operation,
    params: r.params ?? {},
    search,
    rawBody,
    body: parseBody(rawBody, headers['content-type']),
    origin: r.origin ?? 'http://127.0.0.1:4010',
  })
  if (r.principal !== null) req.principal = r.principal ?? fullAccess
  return req
}

/** A seeded state and an env whose clock the test moves. */
export function setup(opts: { now?: number; posts?: number; options?: EmulatorOptions } = {}) {
  const state = new EmulatorState()
  const clock = { now: opts.now ?? Date.UTC(2026, 0, 15, 10, 0, 0) }
  state.agents.set('demo-assistant', {
    id: 'demo-assistant',
    accountId: 'acc_demo',
    name: 'Demo assistant',
    description: 'A demo agent',
    systemPrompt: 'You are helpful.',
  })
  seedResources(state, { now: clock.now, posts: opts.posts ?? 300 })
  const env: HandlerEnv = { state, now: () => clock.now, options: opts.options ?? {} }
  return { state, env, clock }
}

/** Calls a handler (after the scope and body checks the server makes) and normalises its answer; HttpError becomes `{error:{message, code?}}` as the server sends it. */
export async function call(
  table: HandlerTable,
  name: RouteName,
  env: HandlerEnv,
  req: FakeRequest | EmuRequest = {},
): Promise<Answer> {
  const handler = table[name]
  if (handler === undefined) throw new Error(`no handler for ${name}`)
  try {
    const emuReq = 'rawBody' in req ? req : emulatorRequest(name, req)
    // as the server does: the route's declared scope is enforced before the handler runs (src/emulator/scope.ts)
    if (emuReq.principal) enforceScope(routes[name], emuReq.params, emuReq.body, emuReq.principal, env.state)
    // then the path, the query and the body are checked against the declaration (src/emulator/declared.ts), bearer
    // routes only (the others check in their handler, after authenticating)
    if (routes[name].auth === 'bearer') await checkDeclared(emuReq)
    const res = await handler(emuReq, env)
    if ('streamed' in res) throw new Error('unexpected streamed answer')
    const headers = res.headers ?? {}
    if ('json' in res) return { status: res.status, json: res.json, headers }
    if ('body' in res) {
      const body = typeof res.body === 'string' ? Buffer.from(res.body) : res.body
      return { status: res.status, body, contentType: res.contentType, headers }
    }
    return { status: res.status, headers }
  } catch (e) {
    if (!(e instanceof HttpError)) throw e
    const error = e.code === undefined ? { message: e.message } : { message: e.message, code: e.code }
    return { status: e.status, json: { error }, headers: e.headers }
  }
}
