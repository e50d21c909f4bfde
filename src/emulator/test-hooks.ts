// Test hooks under /__emulator/: fault rules, latency, reseeding, the request log and counters. They let a test
// make the server misbehave and check what the client sent, without anything in the client knowing it is a test.
// They need the hook token and refuse cross-origin browser calls (./guard.ts); their answers carry no CORS header.
import type { IncomingMessage, IncomingHttpHeaders, ServerResponse } from 'node:http'
import * as z from 'zod'
import { issueMessage, parseBody, readBody } from './body.js'
import { type FaultInjector, faultRuleSchema } from './faults.js'
import { hookProblem, type Latency } from './guard.js'
import { hookDocs } from './hook-docs.js'
import { sendError as sendAnyError, sendJson as sendAnyJson } from './reply.js'
import type { EmulatorState } from './state.js'
import { HttpError } from './types.js'

/** One logged request, with secrets redacted. */
export interface LogEntry {
  at: string
  method: string
  path: string
  status: number
  headers: Record<string, string>
}

interface RawEntry {
  at: number
  method: string
  url: string
  status: number
  headers: IncomingHttpHeaders
}

const secretHeader = /authorization|cookie|secret|token|signature|api-?key|password/i

/** The last `limit` requests (a ring; headers are redacted when read, not on the hot path). */
export class RequestLog {
  private entries: (RawEntry | undefined)[]
  private next = 0

  constructor(private readonly limit = 1000) {
    this.entries = new Array(limit)
  }

  /** Records one finished request. */
  record(method: string, url: string, status: number, headers: IncomingHttpHeaders, at: number): void {
    this.entries[this.next] = { at, method, url, status, headers }
    this.next = (this.next + 1) % this.limit
  }

  /** Forgets everything. */
  clear(): void {
    this.entries = new Array(this.limit)
    this.next = 0
  }

  /** Oldest first; `extraSecrets` are more header names to redact (scenario signature headers). */
  list(extraSecrets: Set<string>): LogEntry[] {
    const ordered = [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)]
    return ordered
      .filter((e): e is RawEntry => e !== undefined)
      .map((e) => ({
        at: new Date(e.at).toISOString(),
        method: e.method,
        // the query string is dropped: it may carry codes or tokens
        path: e.url.split('?')[0] ?? e.url,
        status: e.status,
        headers: redactHeaders(e.headers, extraSecrets),
      }))
  }
}

/** A copy of the headers with secret values replaced by "[redacted]". */
function redactHeaders(headers: IncomingHttpHeaders, extra: Set<string> = new Set()): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const v = Array.isArray(value) ? value.join(', ') : value
    out[name] = secretHeader.test(name) || extra.has(name) ? '[redacted]' : v
  }
  return out
}

/** What the hooks act on. */
export interface HookDeps {
  state: () => EmulatorState
  faults: FaultInjector
  log: RequestLog
  reset(seed: 'demo' | 'none' | undefined): Promise<void>
  /** the hook token every hook call must carry */
  token: string
  /** the emulator's own host:port values (an Origin must be one of them) */
  hosts: Set<string>
  /** the delay of API answers, changed by POST /__emulator/latency */
  latency: Latency
}

const resetSchema = z.object({ seed: z.enum(['demo', 'none']).optional() })
const latencySchema = z.object({
  ms: z.number().int().min(0).max(600_000),
  jitterMs: z.number().int().min(0).max(600_000).default(0),
})

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  sendAnyJson(res, status, body, undefined, { cors: false })
const sendError = (res: ServerResponse, status: number, message: string, code = 'hook') =>
  sendAnyError(res, status, message, undefined, code, { cors: false })

/** Answers one /__emulator/… request. */
export async function handleTestHook(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  deps: HookDeps,
): Promise<void> {
  const refused = hookProblem(req.headers, deps.token, deps.hosts)
  if (refused !== undefined) {
    req.resume()
    return sendError(res, refused.status, refused.message, refused.status === 401 ? 'unauthorized' : 'forbidden')
  }
  const route = `${req.method} ${pathname.replace(/\/+$/, '')}`
  let body: unknown
  try {
    body = parseBody(await readBody(req, 1024 * 1024), req.headers['content-type'])
  } catch (e) {
    if (e instanceof HttpError) return sendError(res, e.status, e.message)
    throw e
  }
  switch (route) {
    case 'POST /__emulator/faults': {
      const r = faultRuleSchema.safeParse(body ?? {})
      if (!r.success) return sendError(res, 400, issueMessage(r.error))
      try {
        return sendJson(res, 201, deps.faults.add(r.data))
      } catch (e) {
        return sendError(res, 400, `match.path: ${(e as Error).message}`)
      }
    }
    case 'GET /__emulator/faults':
      return sendJson(res, 200, { data: deps.faults.list() })
    case 'DELETE /__emulator/faults':
      deps.faults.clear()
      res.writeHead(204).end()
      return
    case 'POST /__emulator/latency': {
      const r = latencySchema.safeParse(body ?? {})
      if (!r.success) return sendError(res, 400, issueMessage(r.error))
      Object.assign(deps.latency, r.data)
      return sendJson(res, 200, deps.latency)
    }
    case 'GET /__emulator/latency':
      return sendJson(res, 200, deps.latency)
    case 'POST /__emulator/reset': {
      const r = resetSchema.safeParse(body ?? {})
      if (!r.success) return sendError(res, 400, issueMessage(r.error))
      await deps.reset(r.data.seed)
      return sendJson(res, 200, { reset: true })
    }
    case 'GET /__emulator/requests': {
      const signatureHeaders = new Set([...deps.state().scenarios.values()].map((s) => s.signature_name.toLowerCase()))
      return sendJson(res, 200, { data: deps.log.list(signatureHeaders) })
    }
    case 'DELETE /__emulator/requests':
      deps.log.clear()
      res.writeHead(204).end()
      return
    case 'GET /__emulator/counters':
      return sendJson(res, 200, Object.fromEntries(deps.state().counters))
    default:
      return sendError(res, 404, `no test hook ${route}; the hooks are: ${hookDocs.map((h) => h.route).join(', ')}`)
  }
}
