// Which endpoint and which A2A generation to use, read from the card (wire.md "Agents, skills, A2A"; A2A 8.3.2
// "Client Protocol Selection"): a JSON-RPC interface of version 1.x in `supportedInterfaces` first, else a 0.3 one
// there, else the 0.3 card's `url` (when its `preferredTransport` is JSON-RPC) or a JSON-RPC `additionalInterfaces`.
import type { AgentCard } from '../api/schemas/index.js'
import { CliError, UsageError } from '../errors.js'

/** The A2A generations the CLI speaks. */
export type A2aVersion = '1.0' | '0.3'

/** Where to send JSON-RPC requests, and in which generation. */
export interface Endpoint {
  url: string
  version: A2aVersion
  /** the interface's tenant (A2A 4.4.6), sent in every request's params */
  tenant?: string
}

/** Checks a URL given by the user or a card: http(s) and parseable. */
export function checkHttpUrl(url: string, what: string): URL {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new UsageError(`${what} ${JSON.stringify(url)} is not a valid URL`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError(`${what} ${url} is not http(s)`)
  return u
}

const isJsonRpc = (binding: string | undefined) => binding?.toUpperCase() === 'JSONRPC'

/** The generation a version string names, if we speak it ("1.0", "1", "1.0.0" → 1.0; "0.3.0" → 0.3). */
function generation(v: string | undefined): A2aVersion | undefined {
  // an interface without a version is a 1.0 one: the field is required there (A2A 4.4.6)
  if (v === undefined || v === '' || /^1(\.|$)/.test(v)) return '1.0'
  if (/^0\.3(\.|$)/.test(v)) return '0.3'
  return undefined
}

/** The endpoint of `card` (fetched from `cardUrl`, which relative URLs are resolved against). */
export function endpointOf(card: AgentCard, cardUrl: string): Endpoint {
  const resolve = (url: string) => {
    let absolute = url
    try {
      absolute = new URL(url, cardUrl).toString()
    } catch {
      // checkHttpUrl names the problem
    }
    return checkHttpUrl(absolute, "the card's url").toString()
  }
  const jsonRpc = (card.supportedInterfaces ?? []).filter((i) => isJsonRpc(i.protocolBinding))
  for (const wanted of ['1.0', '0.3'] as const) {
    const found = jsonRpc.find((i) => generation(i.protocolVersion) === wanted)
    if (found) {
      const tenant = typeof found.tenant === 'string' && found.tenant ? { tenant: found.tenant } : {}
      return { url: resolve(found.url), version: wanted, ...tenant }
    }
  }
  if (card.url !== undefined && (card.preferredTransport === undefined || isJsonRpc(card.preferredTransport)))
    return { url: resolve(card.url), version: '0.3' }
  const extra = card.additionalInterfaces?.find((i) => isJsonRpc(i.transport))
  if (extra) return { url: resolve(extra.url), version: '0.3' }
  const offered = [
    ...(card.supportedInterfaces ?? []).map((i) => `${i.protocolBinding} ${i.protocolVersion ?? ''}`.trim()),
    ...(card.url ? [`${card.preferredTransport ?? 'JSONRPC'} 0.3`] : []),
  ]
  throw new CliError(
    `${card.name} offers no A2A JSON-RPC interface of version 1.0 or 0.3${offered.length ? ` (it offers: ${offered.join(', ')})` : ''}`,
    { hint: 'agentry speaks the JSON-RPC binding of A2A 1.0 and 0.3' },
  )
}
