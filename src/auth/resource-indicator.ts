// The resource a login asks tokens for (RFC 8707): the base URL, but only when the server's protected resource
// metadata (RFC 9728 3.1, at the well-known URL of the base URL) names exactly it. A server that publishes none, or
// names something else, gets no `resource` parameter, so a login never depends on this lookup.
import type { HttpClient } from '../api/request.js'
import { routes, urlFor } from '../api/routes.js'
import type { AuthRun } from './run.js'
import { answerOf } from '../sdk/transport.js'

const bare = (u: string) => u.replace(/\/+$/, '')

/** The base URL as an RFC 8707 resource when the server's RFC 9728 metadata names it; otherwise undefined. */
export async function resourceIndicator(ctx: AuthRun, http: HttpClient, baseUrl: string): Promise<string | undefined> {
  const url = urlFor(baseUrl, routes.oauthProtectedResourceApi)
  try {
    const res = await http.send({ method: 'GET', url, auth: false })
    const doc = await answerOf(res, 'oauthProtectedResourceApi', url)
    if (bare(doc.resource) === bare(baseUrl)) return doc.resource
    ctx.debug(`oauth: ${url} names another resource; asking for tokens without one`)
  } catch (err) {
    ctx.debug(`oauth: no protected resource metadata at ${url} (${(err as Error).message})`)
  }
  return undefined
}
