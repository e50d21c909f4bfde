// Talking to any agent that publishes an A2A card (commands.md `a2a`): the card by agent id (the service's card
// route, wire.md) or by URL (a bare origin: its well-known card, A2A 8.2), and the JSON-RPC endpoint it names.
// Credentials go only to the configured service's own origin (ARCHITECTURE.md "Secrets"): a card or endpoint on
// another origin is called without them.
import { check } from '../../api/client.js'
import type { HttpClient, HttpResponse } from '../../api/request.js'
import { originOf } from '../../api/routes.js'
import { type AgentCard, agentCardSchema } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'
import { checkHttpUrl, type Endpoint, endpointOf } from './endpoint.js'

/** Whether a card argument is a URL (else it is an agent id). */
const isUrl = (s: string) => /^https?:\/\//i.test(s)

/** The well-known path of an agent card (A2A 8.2), used when a bare origin is given. */
const wellKnownCardPath = '/.well-known/agent-card.json'

/** An HTTP client for `url` and whether it may carry the credential (same origin as the base URL only). */
export async function clientFor(ctx: Context, url: string): Promise<{ http: HttpClient; auth: boolean }> {
  const settings = await ctx.settings()
  if (settings.baseUrl?.value) {
    const api = await ctx.api()
    return { http: api.http, auth: new URL(url).origin === originOf(api.baseUrl) }
  }
  // No service configured: a card URL still works, without any credential.
  return { http: await ctx.http(), auth: false }
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

/** The card of an agent id (the service's card route) or of a card URL (a bare origin: its well-known card). */
export async function fetchCard(ctx: Context, target: string): Promise<{ card: AgentCard; source: string }> {
  if (!isUrl(target)) {
    const api = await ctx.api()
    const card = await api.json('agentCard', {
      params: { agentId: target },
      schema: agentCardSchema,
      headers: cardHeaders,
    })
    return { card, source: api.url('agentCard', { agentId: target }) }
  }
  const u = checkHttpUrl(target, 'the card URL')
  if (u.pathname === '/' || u.pathname === '') u.pathname = wellKnownCardPath
  const url = u.toString()
  const { http, auth } = await clientFor(ctx, url)
  const res = await http.send({ method: 'GET', url, auth, headers: cardHeaders })
  return { card: check(agentCardSchema, await jsonOf(res, `GET ${url}`), `GET ${url}`), source: url }
}

/** The card of `target` and the endpoint it names (endpoint.ts). */
export async function resolveAgent(ctx: Context, target: string): Promise<{ card: AgentCard; endpoint: Endpoint }> {
  const { card, source } = await fetchCard(ctx, target)
  return { card, endpoint: endpointOf(card, source) }
}
