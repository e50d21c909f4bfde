// Test hooks under /__emulator/ (no auth): fault rules, reseeding, the request log and counters. They let a test
// make the server misbehave and check what the client sent, without anything in the client knowing it is a test.
import type { IncomingMessage, IncomingHttpHeaders, ServerResponse } from 'node:http'
import * as z from 'zod'
import { issueMessage, parseBody, readBody } from './body.js'
import { type FaultInjector, faultRuleSchema } from './faults.js'
import { sendError, sendJson } from './reply.js'
import type { EmulatorState } from './state.js'

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
export function redactHeaders(headers: IncomingHttpHeaders, extra: Set<string> = new Set()): Record<string, string> {
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
}

const resetSchema = z.object({ seed: z.enum(['demo', 'none']).optional() })

/** Answers one /__emulator/… request. */
export async function handleTestHook(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  deps: HookDeps,
): Promise<void> {
  const route = `${req.method} ${pathname.replace(/\/+$/, '')}`
  const raw = await readBody(req, 1024 * 1024)
  const body = parseBody(raw, req.headers['content-type'])
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
      return sendError(res, 404, `no test hook ${route}`)
  }
}
