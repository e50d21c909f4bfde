// The request pipeline over plain node:http: route (404/405/preflight), injected faults, bearer auth and scopes,
// body (413/400), handler. It never lets an error escape: a handler's HttpError becomes its JSON answer, anything
// else a logged 500 (a 500 is always an emulator bug), and a vanished client is simply dropped.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { authenticate, authorize, withChallenge401 } from './auth.js'
import { basePathSuffix } from '../api/routes.js'
import { ClientGoneError, issueMessage, parseBody, readBody } from './body.js'
import { EmuRequestImpl } from './emu-request.js'
import { type FaultInjector, sabotage } from './faults.js'
import { sendError, sendPreflight, sendResult } from './reply.js'
import type { Router } from './router.js'
import { handleTestHook, type HookDeps, type RequestLog } from './test-hooks.js'
import { type HandlerEnv, type HandlerTable, HttpError } from './types.js'

/** What the pipeline works with. */
export interface PipelineDeps {
  router: Router
  handlers: HandlerTable
  env: HandlerEnv
  faults: FaultInjector
  log: RequestLog
  hooks: HookDeps
  /** the server's origin, known once it listens */
  origin: { value: string }
  /** called after a request that may have changed the state */
  changed: () => void
  /** where 500s and (when set) request lines go */
  report: (line: string) => void
  logRequests: boolean
}

const noop = () => {}

/** The `request` listener of the emulator's server. */
export function createPipeline(deps: PipelineDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const { env, log } = deps
  function onClose(this: ServerResponse) {
    const req = this.req
    const method = req.method ?? 'GET'
    log.record(method, req.url ?? '/', this.statusCode, req.headers, env.now())
    env.state.count('requests')
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && this.statusCode < 400) deps.changed()
    if (deps.logRequests) deps.report(`${method} ${(req.url ?? '/').split('?')[0]} ${this.statusCode}`)
  }
  const fail = (res: ServerResponse, e: unknown) => failWith(res, e, deps.report)
  return (req, res) => {
    req.on('error', noop)
    const url = req.url ?? '/'
    if (url.startsWith('/__emulator/')) {
      handleTestHook(req, res, url.split('?')[0] ?? url, deps.hooks).catch((e) => fail(res, e))
      return
    }
    res.once('close', onClose)
    handle(req, res, url, deps).catch((e) => fail(res, challenged(e, req, deps)))
  }
}

/** Every 401 of a bearer route carries the RFC 6750 / RFC 9728 challenge (wire.md OAuth); looked up only then. */
function challenged(e: unknown, req: IncomingMessage, deps: PipelineDeps): unknown {
  if (!(e instanceof HttpError) || e.status !== 401) return e
  const found = deps.router.lookup(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/')
  if (found.kind !== 'match' || found.route.auth !== 'bearer') return e
  return withChallenge401(e, deps.origin.value, req.headers.authorization)
}

async function handle(req: IncomingMessage, res: ServerResponse, url: string, deps: PipelineDeps): Promise<void> {
  const method = req.method ?? 'GET'
  const q = url.indexOf('?')
  const pathname = q < 0 ? url : url.slice(0, q)
  const found = deps.router.lookup(method, pathname)
  switch (found.kind) {
    case 'not-found':
      return sendError(res, 404, `no route for ${method} ${pathname.slice(0, 200)}`, undefined, 'not_found')
    case 'bad-path':
      return sendError(res, 400, 'the path has a malformed %-escape', undefined, 'bad_path')
    case 'preflight':
      return sendPreflight(res, req.headers['access-control-request-headers'])
    case 'method-not-allowed':
      return sendError(res, 405, `${method} is not allowed here; use ${found.allow}`, { allow: found.allow }, 'method')
  }
  const fault = deps.faults.take(method, pathname)
  if (fault !== undefined) {
    if (fault.stallMs !== undefined && fault.stallAfterBytes === undefined) await sleep(fault.stallMs)
    if (fault.status !== undefined) {
      const headers: Record<string, string> =
        fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {}
      return sendError(
        res,
        fault.status,
        fault.message ?? `injected fault: status ${fault.status}`,
        headers,
        'injected',
      )
    }
    if (fault.resetAfterBytes !== undefined || fault.stallAfterBytes !== undefined) sabotage(res, fault)
  }
  const { env } = deps
  const principal =
    found.route.auth === 'bearer'
      ? authenticate(req.headers.authorization, env.state, env.now(), deps.origin.value + basePathSuffix)
      : undefined
  if (principal !== undefined) authorize(found.route, found.params, principal, env.state)
  const handler = deps.handlers[found.name]
  if (handler === undefined) return sendError(res, 501, `${found.name} is not implemented by the emulator`)
  const rawBody = await readBody(req)
  const contentType = req.headers['content-type']
  // A2A answers a bad body with a JSON-RPC parse error (code -32700), not with an HTTP 400.
  let body: unknown
  if (found.name === 'agentA2a') {
    try {
      body = parseBody(rawBody, contentType)
    } catch {
      body = undefined
    }
  } else body = parseBody(rawBody, contentType)
  const request = new EmuRequestImpl(req, res, {
    params: found.params,
    search: q < 0 ? '' : url.slice(q + 1),
    rawBody,
    body,
    origin: deps.origin.value,
  })
  if (principal !== undefined) request.principal = principal
  const result = await handler(request, env)
  if (!res.writableEnded && !res.destroyed) sendResult(res, result)
}

function isZodError(e: unknown): e is Parameters<typeof issueMessage>[0] {
  return e instanceof Error && e.name === 'ZodError' && Array.isArray((e as { issues?: unknown }).issues)
}

/** Turns any error into an answer; only unexpected ones are reported (they are bugs). */
export function failWith(res: ServerResponse, e: unknown, report: (line: string) => void): void {
  if (e instanceof ClientGoneError) {
    res.destroy()
    return
  }
  if (res.headersSent) {
    if (!(e instanceof HttpError)) report(`emulator: error after the answer began: ${(e as Error)?.stack ?? e}`)
    res.destroy()
    return
  }
  if (e instanceof HttpError) sendError(res, e.status, e.message, e.headers, e.code)
  // handlers validate with zod; one that forgot to catch still gets a 400 that names the field
  else if (isZodError(e)) sendError(res, 400, issueMessage(e), undefined, 'invalid_body')
  else internalError(res, e, report)
}

function internalError(res: ServerResponse, e: unknown, report: (line: string) => void): void {
  report(`emulator: internal error: ${(e as Error)?.stack ?? String(e)}`)
  sendError(res, 500, `internal emulator error: ${(e as Error)?.message ?? String(e)}`, undefined, 'internal')
}

/** Answers a request the HTTP parser rejected (bad request line or headers) with a JSON 400, then closes. */
export function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const body = JSON.stringify({ error: { message: `bad request: ${err.code ?? err.message}` } })
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}
