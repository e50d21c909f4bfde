// Talking to any agent that publishes an A2A card (commands.md `a2a`): the card by agent id (the service's card
// route, wire.md) or by URL (a bare origin: its well-known card, A2A 8.2), and the JSON-RPC endpoint it names.
// Credentials go only to the configured service's own origin (ARCHITECTURE.md "Secrets"): a card or endpoint on
// another origin is called without them.
import type { HttpClient, HttpResponse } from '../api/request.js'
import { originOf } from '../api/routes.js'
import type { AgentCard } from '../api/schemas/index.js'
import { baseUrlOf } from '../config/resolve.js'
import type { Context } from '../context.js'
import { AgentryError, ApiError, CliError, ExitCode, exitCodeOf } from '../errors.js'
import { answerOf } from '../sdk/transport.js'
import { checkHttpUrl, type Endpoint, endpointOf } from './endpoint.js'

/** Whether a card argument is a URL (else it is an agent id). */
const isUrl = (s: string) => /^https?:\/\//i.test(s)

/** The well-known path of an agent card (A2A 8.2), used when a bare origin is given. */
const wellKnownCardPath = '/.well-known/agent-card.json'

/** An HTTP client for `url` and whether it may carry the credential (same origin as the base URL only). */
export async function clientFor(ctx: Context, url: string): Promise<{ http: HttpClient; auth: boolean }> {
  const base = baseUrlOf(await ctx.settings())
  return { http: await ctx.http(), auth: new URL(url).origin === originOf(base) }
}

/** Reads a JSON body, or fails naming what was asked. */
export async function jsonOf(res: HttpResponse, what: string): Promise<unknown> {
  const text = await res.body.text()
  try {
    return JSON.parse(text)
  } catch {
    throw new CliError(`the answer to ${what} is not JSON: ${text.slice(0, 80)}`, { exitCode: ExitCode.server })
  }
}

/** A card request names the newest generation we speak: a server that serves a card per version (A2A 3.6.1; the
 * reference SDK's compatibility layer does) then gives its 1.0 card; a 0.3 server ignores the header. */
const cardHeaders = { 'A2A-Version': '1.0' }

/** The card at `url`, or why there is none there (a non-2xx answer, or not a card); network failures throw. */
async function cardAt(ctx: Context, url: string): Promise<{ card: AgentCard } | { miss: AgentryError }> {
  const { http, auth } = await clientFor(ctx, url)
  try {
    const res = await http.send({ method: 'GET', url, auth, headers: cardHeaders })
    return { card: await answerOf(res, 'agentCard', url) }
  } catch (err) {
    if (err instanceof ApiError || (err instanceof AgentryError && exitCodeOf(err) === ExitCode.server))
      return { miss: err }
    throw err
  }
}

/** Whether `card` names `url` as its endpoint (trailing slashes aside). */
function namesEndpoint(card: AgentCard, source: string, url: string): boolean {
  const bare = (s: string) => s.replace(/\/+$/, '')
  try {
    return bare(endpointOf(card, source).url) === bare(url)
  } catch {
    return false
  }
}

/**
 * The card of an agent id (the service's card route) or of a URL: a bare origin is its well-known card (A2A 8.2);
 * a `.json` URL is the card; another URL is read as a card, and when it is not one (an agent's endpoint, say) the origin's well-known card is
 * tried, then the one under the given path (the 0.3 SDK mounts `<endpoint>/.well-known/agent-card.json`); of those,
 * a card naming the given URL as its endpoint wins.
 */
export async function fetchCard(ctx: Context, target: string): Promise<{ card: AgentCard; source: string }> {
  if (!isUrl(target)) {
    const { transport } = await ctx.sdk()
    const card = await transport.call('agentCard', { params: { agentId: target }, headers: cardHeaders })
    return { card, source: transport.url('agentCard', { agentId: target }) }
  }
  const u = checkHttpUrl(target, 'the card URL')
  const given = u.toString()
  const origin = new URL(wellKnownCardPath, u.origin).toString()
  const underPath = `${given.replace(/[?#].*$/, '').replace(/\/+$/, '')}${wellKnownCardPath}`
  const candidates =
    u.pathname === '/' || u.pathname === ''
      ? [origin]
      : /\.json$/i.test(u.pathname) // the URL of a card file: that card or nothing
        ? [given]
        : [given, origin, underPath]
  const misses: { url: string; err: AgentryError }[] = []
  let fallback: { card: AgentCard; source: string } | undefined
  for (const [i, url] of candidates.entries()) {
    const got = await cardAt(ctx, url)
    if ('miss' in got) {
      misses.push({ url, err: got.miss })
      continue
    }
    if (i === 0 || namesEndpoint(got.card, url, given)) return { card: got.card, source: url }
    fallback ??= { card: got.card, source: url }
  }
  if (fallback) return fallback
  const first = misses[0]!.err
  if (misses.length === 1) throw first
  throw new CliError(
    `no A2A agent card found for ${given}: ${misses.map((m) => `GET ${m.url} → ${shortReason(m.err)}`).join('; ')}`,
    {
      exitCode: exitCodeOf(first),
      hint: 'give the URL of the card itself, or an origin that serves /.well-known/agent-card.json',
    },
  )
}

/** The gist of a failed card request: the status of an HTTP error, else the message's first words. */
function shortReason(err: AgentryError): string {
  return err instanceof ApiError ? String(err.status) : err.message.slice(0, 60)
}

/** The card of `target` and the endpoint it names (endpoint.ts). */
export async function resolveAgent(ctx: Context, target: string): Promise<{ card: AgentCard; endpoint: Endpoint }> {
  const { card, source } = await fetchCard(ctx, target)
  return { card, endpoint: endpointOf(card, source) }
}
