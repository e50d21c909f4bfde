// Fault injection for tests (ARCHITECTURE.md "Tests": 429 with Retry-After, 5xx storms, reset mid-stream, stalls).
// A rule matches the next `count` requests by method and path (a prefix, or a regex when it starts with `^`).
import type { ServerResponse } from 'node:http'
import * as z from '../api/zod.js'

/** Body of `POST /__emulator/faults`. */
export const faultRuleSchema = z
  .object({
    match: z._default(z.object({ method: z.optional(z.string()), path: z.optional(z.string()) }), {}),
    count: z._default(z.int().check(z.positive()), 1),
    status: z.optional(z.int().check(z.gte(100)).check(z.lte(599))),
    retryAfter: z.optional(z.int().check(z.nonnegative())),
    /** the response is cut (socket destroyed) after this many body bytes */
    resetAfterBytes: z.optional(z.int().check(z.nonnegative())),
    /** the response ends cleanly after this many body bytes, chunked (its Content-Length dropped): a short body */
    truncateAfterBytes: z.optional(z.int().check(z.nonnegative())),
    /** the response pauses this long: before anything is sent, or after `stallAfterBytes` body bytes */
    stallMs: z.optional(z.int().check(z.nonnegative()).check(z.lte(600_000))),
    stallAfterBytes: z.optional(z.int().check(z.nonnegative())),
    message: z.optional(z.string()),
  })
  .check(
    z.refine(
      (r) =>
        r.status !== undefined ||
        r.resetAfterBytes !== undefined ||
        r.truncateAfterBytes !== undefined ||
        r.stallMs !== undefined,
      { message: 'give status, resetAfterBytes, truncateAfterBytes or stallMs' },
    ),
  )
/** A fault rule as posted. */
export type FaultRule = z.infer<typeof faultRuleSchema>

interface ActiveRule {
  id: number
  rule: FaultRule
  remaining: number
  test: (method: string, path: string) => boolean
}

/** The registered fault rules of one emulator. */
export class FaultInjector {
  private rules: ActiveRule[] = []
  private nextId = 1

  /** Adds a rule; throws on a bad regex. */
  add(rule: FaultRule): { id: number } {
    const method = rule.match.method?.toUpperCase()
    const path = rule.match.path
    const re = path?.startsWith('^') ? new RegExp(path) : undefined
    const test = (m: string, p: string) =>
      (method === undefined || method === m) && (path === undefined || (re ? re.test(p) : p.startsWith(path)))
    const id = this.nextId++
    this.rules.push({ id, rule, remaining: rule.count, test })
    return { id }
  }

  /** Forgets every rule. */
  clear(): void {
    this.rules = []
  }

  /** The rules still armed. */
  list(): { id: number; remaining: number; rule: FaultRule }[] {
    return this.rules.map(({ id, remaining, rule }) => ({ id, remaining, rule }))
  }

  /** Takes one use of the first rule matching this request, if any. */
  take(method: string, path: string): FaultRule | undefined {
    if (this.rules.length === 0) return undefined
    for (const r of this.rules) {
      if (!r.test(method, path)) continue
      r.remaining--
      if (r.remaining <= 0) this.rules = this.rules.filter((x) => x !== r)
      return r.rule
    }
    return undefined
  }
}

/**
 * Wraps `res` so that its body is cut after `resetAfterBytes` bytes (the socket is destroyed: the client sees a
 * reset mid-stream), or ends cleanly after `truncateAfterBytes` (chunked, without its Content-Length: a short body
 * only a declared size or digest reveals), and/or paused for `stallMs` once `stallAfterBytes` bytes have gone out.
 */
export function sabotage(res: ServerResponse, rule: FaultRule): void {
  if (rule.truncateAfterBytes !== undefined) {
    truncate(res, rule.truncateAfterBytes)
    return
  }
  const write = res.write.bind(res) as (chunk: Buffer) => boolean
  const end = res.end.bind(res) as (chunk?: Buffer) => ServerResponse
  const cut = rule.resetAfterBytes
  const stallAt = rule.stallMs !== undefined ? (rule.stallAfterBytes ?? Number.POSITIVE_INFINITY) : undefined
  let sent = 0
  let held: Buffer[] | undefined
  let endHeld = false
  let stalled = false

  const push = (buf: Buffer): boolean => {
    if (res.destroyed) return false
    if (held) {
      held.push(buf)
      return true
    }
    if (cut !== undefined && sent + buf.length >= cut) {
      const part = buf.subarray(0, Math.max(0, cut - sent))
      sent = cut
      if (part.length > 0) write(part)
      // let the partial bytes leave before the reset
      setImmediate(() => res.socket?.destroy())
      held = []
      return false
    }
    if (stallAt !== undefined && !stalled && sent + buf.length >= stallAt) {
      stalled = true
      if (!res.headersSent) res.flushHeaders()
      const part = buf.subarray(0, Math.max(0, stallAt - sent))
      sent += part.length
      if (part.length > 0) write(part)
      held = [buf.subarray(part.length)]
      setTimeout(() => {
        const rest = held ?? []
        held = undefined
        for (const b of rest) push(b)
        if (endHeld) end()
      }, rule.stallMs).unref()
      return true
    }
    sent += buf.length
    return write(buf)
  }
  const toBuf = (chunk: unknown, enc?: unknown): Buffer =>
    Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof enc === 'string' ? (enc as BufferEncoding) : 'utf8')

  res.write = ((chunk: unknown, enc?: unknown, cb?: unknown) => {
    const ok = push(toBuf(chunk, enc))
    if (typeof enc === 'function') enc()
    else if (typeof cb === 'function') cb()
    return ok
  }) as ServerResponse['write']
  res.end = ((chunk?: unknown, enc?: unknown, cb?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') push(toBuf(chunk, enc))
    if (held) endHeld = cut === undefined || sent < cut
    else if (!res.destroyed) end()
    for (const f of [chunk, enc, cb]) if (typeof f === 'function') f()
    return res
  }) as ServerResponse['end']
}

/** Ends `res` cleanly after `limit` body bytes, sent chunked: the Content-Length its writer sets is dropped. */
function truncate(res: ServerResponse, limit: number): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, unknown>) => ServerResponse
  const write = res.write.bind(res) as (chunk: Buffer) => boolean
  const end = res.end.bind(res) as (chunk?: Buffer) => ServerResponse
  res.writeHead = ((status: number, headers?: Record<string, unknown>) => {
    const kept = Object.fromEntries(Object.entries(headers ?? {}).filter(([k]) => k.toLowerCase() !== 'content-length'))
    res.removeHeader('content-length')
    return writeHead(status, kept)
  }) as ServerResponse['writeHead']
  let sent = 0
  const push = (chunk: unknown) => {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    const part = buf.subarray(0, Math.max(0, limit - sent))
    sent += part.length
    if (part.length > 0) write(part)
  }
  res.write = ((chunk: unknown) => {
    push(chunk)
    return true
  }) as ServerResponse['write']
  res.end = ((chunk?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') push(chunk)
    return end()
  }) as ServerResponse['end']
}
