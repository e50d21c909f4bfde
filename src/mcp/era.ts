// Which era of MCP a `chat --mcp` server speaks, found on its own pipe without taking a slow start for a 2025 server.
// The client asks `server/discover` (2026-07-28) and waits. An answer decides: a result offering 2026-07-28 → that
// revision (the SDK's client adopts the result: connect({prior: modern}), no second round trip); an error, or a
// result without it → `initialize` (2025). A server that ends on the probe (some 2025 SDKs do) is left to the caller
// to start again in 2025. A server still silent after `probeMs` may be a 2025 one that ignores unknown requests, or
// one still starting (a first `npx -y` run): `initialize` is then sent too, and whichever answer comes decides. A
// stdio server reads its requests in order, so one that speaks 2026-07-28 answers the probe first and the `initialize`
// next: a 2026-07-28-only server refuses it, and the same client connects again in 2026-07-28 (its request ids go on,
// so a late answer to the abandoned `initialize` cannot be taken for a later request's); a server of both eras takes
// it, and its session is then a 2025 one, which the client keeps. When neither works, the error says what was tried
// and what each answer was.
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type Client,
  type DiscoverResult,
  type JSONRPCMessage,
  type JSONRPCResponse,
  PROTOCOL_VERSION_META_KEY,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/client'

/** The revision asked for first. */
const modernVersion = '2026-07-28'

/** A server's pipe as the client gets it: the probe's answer is kept for us, and a close can be held back. */
export class ProbedPipe implements Transport {
  onmessage?: Transport['onmessage']
  onclose?: () => void
  onerror?: (error: Error) => void
  /** while true, a client's close() leaves the process running (the same client connects again) */
  holdClose = false
  private readonly waiting = new Map<string, (answer: JSONRPCResponse | undefined) => void>()
  private started: Promise<void> | undefined
  private ended = false

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      const id = 'id' in message && typeof message.id === 'string' ? message.id : undefined
      const waiter = id === undefined || 'method' in message ? undefined : this.waiting.get(id)
      if (id !== undefined && waiter) {
        this.waiting.delete(id)
        return waiter(message as JSONRPCResponse)
      }
      this.onmessage?.(message, extra)
    }
    inner.onclose = () => {
      this.ended = true
      for (const waiter of this.waiting.values()) waiter(undefined)
      this.waiting.clear()
      this.onclose?.()
    }
    inner.onerror = (error) => this.onerror?.(error)
  }

  start(): Promise<void> {
    this.started ??= this.inner.start()
    return this.started
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options)
  }

  async close(): Promise<void> {
    if (!this.holdClose) await this.inner.close()
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version)
  }

  /** Sends a request of ours; its answer (undefined: the server ended first) never reaches a client. */
  ask(id: string, method: string, params: Record<string, unknown>): Promise<JSONRPCResponse | undefined> {
    if (this.ended) return Promise.resolve(undefined)
    const answer = new Promise<JSONRPCResponse | undefined>((resolve) => this.waiting.set(id, resolve))
    void this.send({ jsonrpc: '2.0', id, method, params }).catch(() => this.waiting.get(id)?.(undefined))
    return answer
  }

  /** Forgets the client that was connected (its handlers), so that the next connect does not chain them. */
  detach(): void {
    this.onmessage = undefined
    this.onclose = undefined
    this.onerror = undefined
  }
}

/** What the era search ended with. */
type EraOutcome = 'connected' | 'ended'

/** A discover answer that offers 2026-07-28, or undefined. */
function modernOffer(answer: JSONRPCResponse | undefined): DiscoverResult | undefined {
  if (answer === undefined || !('result' in answer)) return undefined
  const result = answer.result as Partial<DiscoverResult>
  return Array.isArray(result.supportedVersions) && result.supportedVersions.includes(modernVersion)
    ? (result as DiscoverResult)
    : undefined
}

/** What a discover answer said, for an error. */
function discoverSaid(answer: JSONRPCResponse | undefined | 'none'): string {
  if (answer === 'none') return 'no answer to server/discover'
  if (answer === undefined) return 'it ended before it answered server/discover'
  if ('error' in answer) return `server/discover: ${answer.error.message}`
  return `server/discover offered ${JSON.stringify((answer.result as { supportedVersions?: unknown }).supportedVersions)}`
}

/**
 * Connects `client` to the server behind `pipe` in the era it speaks (see the file's head). `wait(ms)` is the clock:
 * a test gives its own. Resolves 'ended' when the server ended on the probe (start it again, in 2025); throws an
 * Error saying what was tried when no era worked.
 */
export async function connectEitherEra(
  client: Client,
  pipe: ProbedPipe,
  identity: { name: string; version: string },
  probeMs: number,
  wait: (ms: number) => Promise<void>,
): Promise<EraOutcome> {
  await pipe.start()
  const discover = pipe.ask('agentry-discover', 'server/discover', {
    _meta: {
      [PROTOCOL_VERSION_META_KEY]: modernVersion,
      [CLIENT_INFO_META_KEY]: identity,
      [CLIENT_CAPABILITIES_META_KEY]: {},
    },
  })
  const first = await Promise.race([discover, wait(probeMs).then(() => 'silent' as const)])
  if (first === undefined) return 'ended'
  if (first !== 'silent') {
    const offer = modernOffer(first)
    await client.connect(pipe, { prior: offer ? { kind: 'modern', discover: offer } : { kind: 'legacy' } })
    return 'connected'
  }
  // silent so far: a 2025 server that ignores unknown requests, or one still starting. Both questions stay open.
  pipe.holdClose = true
  try {
    const abandon = new AbortController()
    const legacy = client.connect(pipe, { prior: { kind: 'legacy' }, signal: abandon.signal }).then(
      () => undefined,
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    )
    const settled = await Promise.race([legacy.then((error) => ({ error })), discover.then((answer) => ({ answer }))])
    if ('error' in settled && settled.error === undefined) return 'connected'
    let answer: JSONRPCResponse | undefined | 'none' = 'answer' in settled ? settled.answer : 'none'
    if (answer === 'none')
      // initialize failed first: the probe's answer, if it comes, says why (a server reads its requests in order)
      answer = await Promise.race([discover, wait(probeMs).then(() => 'none' as const)])
    if (answer === undefined) {
      // it ended on the probe, only later than probeMs (a slow start of a server that ends on it)
      if ((await legacy) === undefined) return 'connected'
      return 'ended'
    }
    const offer = answer === 'none' ? undefined : modernOffer(answer)
    if (offer === undefined) {
      const failure = await legacy
      if (failure === undefined) return 'connected'
      throw new Error(
        `${discoverSaid(answer)} within ${probeMs / 1000} s, and initialize (2025) failed: ${failure.message}`,
      )
    }
    // it speaks 2026-07-28 and was only slow. It reads its requests in order, so its answer to the initialize comes
    // next: a server of both eras takes it, and its session is then a 2025 one, which this client holds (stay there:
    // a client that connected again in 2026-07-28 got 2025 answers); a 2026-07-28-only server refuses it
    const late = await Promise.race([legacy, wait(probeMs).then(() => 'none' as const)])
    if (late === undefined) return 'connected'
    // refused, or no answer either: the initialize is abandoned, the same client connects again
    abandon.abort()
    await legacy
    await client.close()
    pipe.detach()
    await client.connect(pipe, { prior: { kind: 'modern', discover: offer } })
    return 'connected'
  } finally {
    pipe.holdClose = false
  }
}
