// `agentry doctor`: read-only probes of every operation that can be probed safely, each answer
// checked against its declaration through the library's normal check (src/sdk/transport.ts). Only operations whose
// method is GET, HEAD or OPTIONS are ever sent: a write is not in the plan, whatever else the contract declares.
// Path parameters are filled from earlier list answers: a list at `P` fills `{x}` of every route under `P/{x}` with
// its first item's key (agents list → agentId), and the other routes that name `{x}` take it too.
import { ApiError, CancelledError, InvalidResponseError, NetworkError, TimeoutError } from '../api/errors.js'
import { type ContractRoute, families, familyContract, type Operation } from '../api/contract/index.js'
import type { Provenance } from '../api/contract/types.js'
import { exitCodeOf } from '../errors.js'
import type { Transport } from '../sdk/transport.js'

/** The methods a probe may send: nothing else is read-only by definition (RFC 9110 §9.2.1 safe methods). */
const safeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

/** What one probe found. */
type ProbeVerdict =
  | 'ok'
  | 'not-found'
  | 'refused'
  | 'shape-differs'
  | 'needs-input'
  | 'failed'
  | 'unreachable'
  | 'not-probed'

/** One operation's line of the report. */
export interface ProbeResult {
  operation: string
  method: string
  path: string
  provenance: Provenance['kind']
  verdict: ProbeVerdict
  /** the HTTP status of the answer, when there was one */
  status?: number
  /** how long the answer took, in ms */
  ms?: number
  /** which member differs, the server's words, or why it was not probed */
  detail?: string
  /** the exit code this line stands for (0 when it is fine) */
  exitCode: number
}

interface Candidate {
  name: string
  op: Operation
}

/** The path parameters of a route other than the account (which the transport fills). */
function paramsOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!.replace(/\*$/, '')).filter((p) => p !== 'accountId')
}

/** `{x}` when `path` goes on under `list` with `/{x}` as its next segment. */
function paramUnder(list: string, path: string): string | undefined {
  const m = /^\/\{([^}]+)\}/.exec(path.slice(list.length))
  return path.startsWith(`${list}/`) && m ? m[1]!.replace(/\*$/, '') : undefined
}

/**
 * The parameters a list's first item fills: `{x}` of every route under the list's path (`/{accountId}/agents` →
 * `/{accountId}/agents/{agentId}`), and, by the contract's naming, `{<noun>Id}` of a list named `<noun>sList`
 * (chatsList → chatId, wherever a route names it).
 */
function fillsOf(list: Candidate, all: Candidate[]): string[] {
  const under = all.map((o) => paramUnder(list.op.path, o.op.path)).filter((p): p is string => p !== undefined)
  const stem = /^(\w+?)s?List$/.exec(list.name)?.[1]
  const named = stem === undefined ? undefined : `${stem}Id`
  const usedElsewhere = named !== undefined && all.some((o) => paramsOf(o.op.path).includes(named))
  return [...new Set([...under, ...(usedElsewhere ? [named] : [])])]
}

/** Every safe operation of the contract, lists first (they fill the ids the others need), then by name. */
async function candidates(): Promise<Candidate[]> {
  const all: Candidate[] = []
  for (const family of families) {
    for (const [name, op] of Object.entries(await familyContract(family)))
      if (safeMethods.has(op.method)) all.push({ name, op })
  }
  return all
}

/** A query the operation cannot go without: a probe without one would only show our own omission. */
function needsQuery(op: Operation): boolean {
  return op.query !== undefined && !op.query.safeParse({}).success && !takesAccountQuery(op)
}

/** The routes that name the account in their query, not their path (the desktop family): the probe fills it in. */
function takesAccountQuery(op: Operation): boolean {
  return op.query !== undefined && !op.query.safeParse({}).success && op.query.safeParse({ accountId: 'a' }).success
}

/** A server's words cut to one short line (an HTML error page is not a detail). */
function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (/^<(!doctype|html)/i.test(line)) return 'an HTML page'
  return line.length > 120 ? `${line.slice(0, 119)}…` : line
}

function verdictOf(err: unknown): Pick<ProbeResult, 'verdict' | 'status' | 'detail' | 'exitCode'> {
  const exitCode = exitCodeOf(err)
  if (err instanceof ApiError) {
    const detail = short(err.serverMessage)
    // a 400 to a request with no input: the route is there and wants what only a real use gives (a login's query)
    if (err.status === 400) return { verdict: 'needs-input', status: 400, detail, exitCode: 0 }
    const verdict = err.status === 404 ? 'not-found' : err.status === 401 || err.status === 403 ? 'refused' : 'failed'
    return { verdict, status: err.status, detail, exitCode }
  }
  if (err instanceof InvalidResponseError)
    return { verdict: 'shape-differs', detail: short(err.message.replace(/^the server's answer to /, '')), exitCode }
  return { verdict: 'failed', detail: short(err instanceof Error ? err.message : String(err)), exitCode }
}

/** Why the probes stopped before the end: the service could not be reached, or the run's bound was reached. */
export type ProbeStop = { kind: 'unreachable'; error: NetworkError | TimeoutError } | { kind: 'bound' }

/** One probe's line, and the failure that ends every probe (no network, the run's bound) when it met one. */
type ProbeOutcome = Omit<ProbeResult, 'operation' | 'method' | 'path' | 'provenance'> & { stop?: ProbeStop }

/** Probes one operation; a list answers its first page, and its first item's key (or same-named member) fills `known`. */
async function probeOne(
  t: Transport,
  c: Candidate,
  params: Record<string, string>,
  fills: string[],
  known: Map<string, string>,
  bound: AbortSignal,
): Promise<ProbeOutcome> {
  const name = c.name as ContractRoute
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  try {
    const query = takesAccountQuery(c.op) ? { query: { accountId: t.accountId() } } : {}
    let status = 200
    if (c.op.item) {
      const page = await t.list(name, { params }).pages(1).next()
      // a folder of the files list is no record the routes under the list read: the first other item
      const items = (page.value?.data ?? []) as Record<string, unknown>[]
      const first = items.find((d) => d.type !== 'folder')
      // a member named as the parameter (a record type's `slug` fills `{slug}`), else the item's key
      const key = (p: string) => (typeof first?.[p] === 'string' ? first[p] : first?.[c.op.stored?.key ?? 'id'])
      for (const p of fills) {
        const value = key(p)
        if (typeof value === 'string' && !known.has(p)) known.set(p, value)
      }
    } else if (c.op.response) {
      await t.call(name, { params, ...query })
    } else {
      // no declared answer (a page, raw bytes): that it answers 2xx is all there is to check
      const res = await t.raw(name, { params, ...query })
      status = res.status
      await (res.bytes ? Promise.resolve() : res.body.dump())
    }
    return { verdict: 'ok', status, ms: ms(), exitCode: 0 }
  } catch (err) {
    // the run's bound cut this probe short, or the service cannot be reached: nothing more is worth asking
    if (bound.aborted && (err instanceof CancelledError || err instanceof TimeoutError))
      return {
        verdict: 'not-probed',
        detail: 'not probed: the run reached its bound',
        exitCode: 0,
        stop: { kind: 'bound' },
      }
    if (isUnreachable(err))
      return { ...verdictOf(err), verdict: 'unreachable', ms: ms(), stop: { kind: 'unreachable', error: err } }
    return { ...verdictOf(err), ms: ms() }
  }
}

/**
 * A failure to reach the service at all (the name, refused, TLS, proxy, a connection that cannot be made, or no
 * answer in time): the same for every operation, so it is said once and no other probe is sent.
 */
function isUnreachable(err: unknown): err is NetworkError | TimeoutError {
  return (err instanceof NetworkError && err.reason !== 'reset') || err instanceof TimeoutError
}

/**
 * Probes every safe operation in turn (never in parallel: a doctor must not look like a load test), until every one
 * is done, the service turns out unreachable, or `bound` (the run's time bound) is aborted.
 */
export async function probeAll(
  t: Transport,
  bound: AbortSignal,
): Promise<{ results: ProbeResult[]; stop?: ProbeStop }> {
  const todo = await candidates()
  const known = new Map<string, string>()
  const done = new Map<string, ProbeResult>()
  let stop: ProbeStop | undefined
  // Passes until nothing more can be probed: each list answered may fill the ids of routes under it.
  for (let progress = true; progress && !stop; ) {
    progress = false
    for (const c of todo) {
      if (done.has(c.name) || needsQuery(c.op)) continue
      const needed = paramsOf(c.op.path)
      if (!needed.every((p) => known.has(p))) continue
      const params = Object.fromEntries(needed.map((p) => [p, known.get(p)!]))
      const fills = c.op.item ? fillsOf(c, todo) : []
      const { stop: stopped, ...r } = bound.aborted
        ? { verdict: 'not-probed' as const, exitCode: 0, stop: { kind: 'bound' as const } }
        : await probeOne(t, c, params, fills, known, bound)
      if (stopped) {
        stop = stopped
        if (r.verdict !== 'not-probed') done.set(c.name, { ...head(c), ...r })
        break
      }
      done.set(c.name, { ...head(c), ...r })
      progress = true
    }
  }
  const results = todo.map((c): ProbeResult => {
    const found = done.get(c.name)
    if (found) return found
    const missing = paramsOf(c.op.path).filter((p) => !known.has(p))
    const detail = stop
      ? stop.kind === 'bound'
        ? 'not probed: the run reached its bound (--max-time)'
        : 'not probed: the service could not be reached'
      : needsQuery(c.op)
        ? 'not probed: needs a query'
        : `not probed: needs an id (${missing.join(', ')})`
    return { ...head(c), verdict: 'not-probed', detail, exitCode: 0 }
  })
  return stop ? { results, stop } : { results }
}

function head(c: Candidate): Pick<ProbeResult, 'operation' | 'method' | 'path' | 'provenance'> {
  return { operation: c.name, method: c.op.method, path: c.op.path, provenance: c.op.provenance.kind }
}

/** Whether a line counts against the exit code: only documented and seed operations are held to their declaration. */
export function holdsToDeclaration(r: ProbeResult): boolean {
  return r.provenance === 'documented' || r.provenance === 'seed'
}
