// What keeps the emulator a local tool (wire.md "The emulator's own endpoints"): every request must name the
// emulator's own loopback address as its Host (a DNS-rebinding page sends its own name), and the test hooks need the
// hook token printed at start and refuse browsers' cross-origin calls. Also the --latency delay of API answers.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

/** The Host values of an emulator listening on `host:port`: its loopback names with the port, lowercase. */
export function ownHosts(host: string, port: number): Set<string> {
  const bracket = (h: string) => (h.includes(':') ? `[${h}]` : h)
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${bracket(host)}:${port}`.toLowerCase()])
}

/** Why a Host header is refused (undefined when it names this emulator). */
export function hostProblem(host: string | undefined, own: Set<string>): string | undefined {
  if (own.size === 0) return undefined
  if (host !== undefined && own.has(host.toLowerCase())) return undefined
  const first = [...own][0]
  const shown = host === undefined ? 'no Host header' : `Host ${JSON.stringify(host.slice(0, 100))}`
  return `${shown} does not name this emulator; call it as http://${first} (or localhost/[::1] with its port): other names are refused against DNS rebinding`
}

/** A fresh hook token (printed at start; guards /__emulator/*). */
export function newHookToken(): string {
  return `ehk_${randomBytes(24).toString('base64url')}`
}

/** Why a hook request is refused, with its status; undefined when it carries the token and no foreign Origin. */
export function hookProblem(
  headers: IncomingHttpHeaders,
  token: string,
  own: Set<string>,
): { status: number; message: string } | undefined {
  const origin = headers.origin
  if (origin !== undefined && !own.has(origin.replace(/^http:\/\//i, '').toLowerCase())) {
    return { status: 403, message: 'the test hooks refuse cross-origin browser calls' }
  }
  const auth = headers.authorization ?? ''
  const given = /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, '').trim() : ''
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    return {
      status: 401,
      message:
        'the test hooks need Authorization: Bearer <hook token> (printed by `agentry emulator start` as hook-token, returned by createEmulator as hookToken)',
    }
  }
  return undefined
}

/** The delay of every API answer: `ms` plus a uniform random 0..`jitterMs` (--latency <ms>[:<jitter-ms>]). */
export interface Latency {
  ms: number
  jitterMs: number
}

/** The delay for one answer, in ms. */
export function latencyDelay(l: Latency): number {
  if (l.ms <= 0 && l.jitterMs <= 0) return 0
  return l.ms + (l.jitterMs > 0 ? Math.floor(Math.random() * (l.jitterMs + 1)) : 0)
}
