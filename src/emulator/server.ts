// The request pipeline over plain node:http: Host check (421), guarded test hooks, route (404/405/preflight),
// latency, injected faults, bearer auth, body (413/400), scopes (./scope.ts), handler. It never lets an error escape: a handler's HttpError becomes its JSON answer, anything
// else a logged 500 (a 500 is always an emulator bug), and a vanished client is simply dropped.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { basePathSuffix } from '../api/routes.js'
import { authenticate, withChallenge401 } from './auth.js'
import { ClientGoneError, issueMessage, parseBody, readBody, refuseTooDeep } from './body.js'
import { checkDeclared } from './declared.js'
import { EmuRequestImpl } from './emu-request.js'
import { type FaultInjector, sabotage } from './faults.js'
import { sendError, sendPreflight, sendResult } from './reply.js'
import type { Router } from './router.js'
import { enforceScope } from './scope.js'
import { signedFileAnswer, signedFilesPath } from './handlers/files.js'
import { movedRouteMessage } from './moved-routes.js'
import { hostProblem, type Latency, latencyDelay } from './guard.js'
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
  /** the Host values this emulator answers to (its own loopback addresses with its port), known once it listens */
  hosts: Set<string>
  /** the delay of every API answer (--latency; the latency hook changes it) */
  latency: Latency
}

const noop = () => {}

/** The `request` listener of the emulator's server. */
export function createPipeline(deps: PipelineDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const { env, log } = deps
  const started = new WeakMap<ServerResponse, number>()
  function onClose(this: ServerResponse) {
    const req = this.req
    const method = req.method ?? 'GET'
    log.record(method, req.url ?? '/', this.statusCode, req.headers, env.now())
    env.state.count('requests')
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && this.statusCode < 400) deps.changed()
    if (deps.logRequests) logLine(this, deps.report, started.get(this))
  }
  const fail = (res: ServerResponse, e: unknown) => failWith(res, e, deps.report)
  return (req, res) => {
    req.on('error', noop)
    if (deps.logRequests) started.set(res, performance.now())
    const url = req.url ?? '/'
    // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends `Host: evil.example`
    const wrongHost = hostProblem(req.headers.host, deps.hosts)
    if (wrongHost !== undefined) {
      res.once('close', () => deps.logRequests && logLine(res, deps.report, started.get(res)))
      return sendError(res, 421, wrongHost, undefined, 'misdirected_request', { cors: false })
    }
    if (url.startsWith('/__emulator/') || url === '/__emulator') {
      if (deps.logRequests) res.once('close', () => logLine(res, deps.report, started.get(res)))
      handleTestHook(req, res, url.split('?')[0] ?? url, deps.hooks).catch((e) => fail(res, e))
      return
    }
    res.once('close', onClose)
    // a signed file URL (files url): the file, with no credential, until the URL expires
    if (url.startsWith(signedFilesPath) && (req.method === 'GET' || req.method === 'HEAD')) {
      try {
        sendResult(res, signedFileAnswer(url.slice(signedFilesPath.length).split('?')[0] ?? '', env))
      } catch (e) {
        fail(res, e)
      }
      return
    }
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
  // --latency delays every API answer, errors included (not the hooks, which never come here)
  const delay = latencyDelay(deps.latency)
  if (delay > 0) await sleep(delay)
  const q = url.indexOf('?')
  const pathname = q < 0 ? url : url.slice(0, q)
  const found = deps.router.lookup(method, pathname)
  switch (found.kind) {
    case 'not-found':
      return sendError(
        res,
        404,
        movedRouteMessage(method, pathname) ?? `no route for ${method} ${pathname.slice(0, 200)}`,
        undefined,
        'not_found',
      )
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
    if (
      fault.resetAfterBytes !== undefined ||
      fault.truncateAfterBytes !== undefined ||
      fault.stallAfterBytes !== undefined
    )
      sabotage(res, fault)
  }
  const { env } = deps
  const principal =
    found.route.auth === 'bearer'
      ? authenticate(req.headers.authorization, env.state, env.now(), deps.origin.value + basePathSuffix)
      : undefined
  const handler = deps.handlers[found.name]
  if (handler === undefined) return sendError(res, 501, `${found.name} is not implemented by the emulator`)
  const rawBody = await readBody(req, env.options.bodyLimitBytes)
  const contentType = req.headers['content-type']
  if (found.name !== 'filesUpload' && found.name !== 'chatAttachmentUpload') refuseTooDeep(rawBody, contentType)
  // A2A answers a bad body with a JSON-RPC parse error (code -32700), not with an HTTP 400.
  let body: unknown
  if (found.name === 'agentA2a') {
    try {
      body = parseBody(rawBody, contentType)
    } catch (e) {
      // a body nested too deep is refused with a 400 on every route (wire.md); only bad syntax is JSON-RPC's
      if (e instanceof HttpError && e.code === 'too_deep') throw e
      body = undefined
    }
  } else body = parseBody(rawBody, contentType)
  // after the body: a webhook or schedule may be moved to another scenario by the body's scenarioId
  if (principal !== undefined) enforceScope(found.route, found.params, body, principal, env.state)
  const request = new EmuRequestImpl(req, res, {
    operation: found.name,
    params: found.params,
    search: q < 0 ? '' : url.slice(q + 1),
    rawBody,
    body,
    origin: deps.origin.value,
  })
  if (principal !== undefined) request.principal = principal
  // bearer routes: the path parameters, the query and the body are checked against the operation's declaration before
  // the handler runs (./declared.ts); routes that authenticate in their handler (signature, webhook secret) call
  // checkDeclared after authenticating (wire.md order)
  if (found.route.auth === 'bearer') await checkDeclared(request)
  const result = await handler(request, env)
  if (!res.writableEnded && !res.destroyed) sendResult(res, result)
}

/** One line per request for --log-requests: method, path without its query (it may hold codes), status, ms. */
function logLine(res: ServerResponse, report: (line: string) => void, start: number | undefined): void {
  const req = res.req
  const path = (req.url ?? '/').split('?')[0] ?? '/'
  const ms = start === undefined ? 0 : Math.round(performance.now() - start)
  report(`${req.method ?? 'GET'} ${path.slice(0, 300)} ${res.statusCode} ${ms}ms`)
}

function isZodError(e: unknown): e is Parameters<typeof issueMessage>[0] {
  return e instanceof Error && e.name === 'ZodError' && Array.isArray((e as { issues?: unknown }).issues)
}

/** Turns any error into an answer; only unexpected ones are reported (they are bugs). */
function failWith(res: ServerResponse, e: unknown, report: (line: string) => void): void {
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
