// THE route table (spec/wire.md): every path the client calls and the emulator serves lives here, once.
// Paths are templates; `{name}` is a path parameter. `base` routes hang off {base_url} (<origin>/api/v1beta),
// `origin` routes off the server's origin (OAuth, well-known metadata, webhook trigger URLs).

/** HTTP methods used by the service. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

/** One operation of the service: method, path template and where the path is rooted. */
export interface Route {
  readonly method: HttpMethod
  readonly path: string
  readonly root: 'base' | 'origin'
  /** how the request authenticates: bearer token, scenario signature, webhook secret, or none */
  readonly auth: 'bearer' | 'signature' | 'webhook-secret' | 'none'
  /** answered 204 to a CORS preflight (service-interface 4) */
  readonly preflight?: boolean
}

const b = (method: HttpMethod, path: string, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  root: 'base',
  auth: 'bearer',
  ...extra,
})
const o = (method: HttpMethod, path: string, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  root: 'origin',
  auth: 'none',
  ...extra,
})

/** Every operation, by a stable name. */
export const routes = {
  // agents, skills, A2A
  agentsList: b('GET', '/{accountId}/agents'),
  agentsGet: b('GET', '/{accountId}/agents/{agentId}'),
  skillsList: b('GET', '/{accountId}/skills'),
  agentCard: b('GET', '/agent/{agentId}/a2a/card'),
  agentA2a: b('POST', '/agent/{agentId}/a2a'),
  // completions
  completion: b('POST', '/agent/{agentId}/chat/completion', { preflight: true }),
  completionCancel: b('POST', '/agent/{agentId}/chat/completion/cancel', { preflight: true }),
  // stateful chats
  chatsList: b('GET', '/agent/{agentId}/chats'),
  chatsCreate: b('POST', '/agent/{agentId}/chats'),
  chatCompletion: b('POST', '/agent/{agentId}/chat/{chatId}/completion', { preflight: true }),
  chatMessages: b('GET', '/agent/{agentId}/chat/{chatId}/messages'),
  chatMessageDelete: b('DELETE', '/agent/{agentId}/chat/{chatId}/messages/{messageId}'),
  // scenarios
  scenariosList: b('GET', '/{accountId}/scenarios'),
  scenariosGet: b('GET', '/{accountId}/scenarios/{scenarioId}'),
  scenarioExecute: b('POST', '/scenario/{scenarioId}', { auth: 'signature', preflight: true }),
  // webhooks
  webhooksList: b('GET', '/{accountId}/webhooks'),
  webhooksCreate: b('POST', '/{accountId}/webhooks'),
  webhooksGet: b('GET', '/{accountId}/webhooks/{webhookId}'),
  webhooksEdit: b('PATCH', '/{accountId}/webhooks/{webhookId}'),
  webhooksDelete: b('DELETE', '/{accountId}/webhooks/{webhookId}'),
  webhooksTest: b('POST', '/{accountId}/webhooks/{webhookId}/test'),
  webhookTrigger: o('POST', '/api/webhooks/{webhookId}', { auth: 'webhook-secret' }),
  // API keys
  keysList: b('GET', '/{accountId}/api-keys'),
  keysCreate: b('POST', '/{accountId}/api-keys'),
  keysDelete: b('DELETE', '/{accountId}/api-keys/{keyId}'),
  // schedules
  schedulesList: b('GET', '/{accountId}/schedules'),
  schedulesCreate: b('POST', '/{accountId}/schedules'),
  schedulesGet: b('GET', '/{accountId}/schedules/{scheduleId}'),
  schedulesEdit: b('PATCH', '/{accountId}/schedules/{scheduleId}'),
  schedulesDelete: b('DELETE', '/{accountId}/schedules/{scheduleId}'),
  // sites and pages
  sitesList: b('GET', '/{accountId}/sites'),
  sitesGet: b('GET', '/{accountId}/sites/{siteId}'),
  pagesList: b('GET', '/{accountId}/sites/{siteId}/pages'),
  pagesGet: b('GET', '/{accountId}/sites/{siteId}/pages/{pageId}'),
  // files ({path} may hold slashes: it is the rest of the path)
  filesList: b('GET', '/{accountId}/files'),
  filesUpload: b('PUT', '/{accountId}/files/{path*}'),
  filesDownload: b('GET', '/{accountId}/files/{path*}'),
  filesDelete: b('DELETE', '/{accountId}/files/{path*}'),
  // images
  imagesAnalyze: b('POST', '/{accountId}/images/analyze'),
  imagesGenerate: b('POST', '/{accountId}/images/generate'),
  // CMS ({access} is cda or cma)
  cmsQuery: b('GET', '/{accountId}/{access}/records/{collection}'),
  cmsGet: b('GET', '/{accountId}/{access}/records/{collection}/{recordId}'),
  cmsCreate: b('POST', '/{accountId}/cma/records/{collection}'),
  cmsUpdate: b('PUT', '/{accountId}/cma/records/{collection}/{recordId}'),
  cmsDelete: b('DELETE', '/{accountId}/cma/records/{collection}/{recordId}'),
  // OAuth 2.1 (RFC 8414, 7591, 7636, 7009, 9207)
  oauthMetadata: o('GET', '/.well-known/oauth-authorization-server'),
  oauthRegister: o('POST', '/oauth/register'),
  oauthAuthorize: o('GET', '/oauth/authorize'),
  oauthAuthorizeDecision: o('POST', '/oauth/authorize'),
  oauthToken: o('POST', '/oauth/token'),
  oauthRevoke: o('POST', '/oauth/revoke'),
  // RFC 8628 device authorization, its user-code page, and RFC 9728 protected resource metadata
  oauthDeviceAuthorization: o('POST', '/oauth/device_authorization'),
  oauthDevicePage: o('GET', '/oauth/device'),
  oauthDeviceDecision: o('POST', '/oauth/device'),
  oauthProtectedResource: o('GET', '/.well-known/oauth-protected-resource'),
  oauthProtectedResourceApi: o('GET', '/.well-known/oauth-protected-resource/api/v1beta'),
} as const satisfies Record<string, Route>

/** The name of an operation in the route table. */
export type RouteName = keyof typeof routes

/** The version segment that ends every {base_url}. */
export const basePathSuffix = '/api/v1beta'

/** Fills a path template; each value is percent-encoded (a `{name*}` value keeps its slashes). */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)(\*?)\}/g, (_m, name: string, rest: string) => {
    const value = params[name]
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name}`)
    return rest ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value)
  })
}

/** The origin (scheme://host:port) of a base URL such as https://host/api/v1beta. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin
}

/** The full URL of an operation, given {base_url}, path parameters and optional query parameters. */
export function urlFor(
  baseUrl: string,
  route: Route,
  params: Record<string, string> = {},
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const root = route.root === 'base' ? baseUrl.replace(/\/+$/, '') : originOf(baseUrl)
  const url = new URL(root + fillPath(route.path, params))
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v))
  return url.toString()
}

/** A compiled matcher for one route: used by the emulator's router. */
export interface RouteMatcher {
  readonly name: RouteName
  readonly route: Route
  match(pathname: string): Record<string, string> | undefined
}

/** Compiles every route into a matcher; `prefix` is the path of {base_url} on the server (e.g. /api/v1beta). */
export function compileRoutes(prefix = basePathSuffix): RouteMatcher[] {
  return (Object.entries(routes) as [RouteName, Route][]).map(([name, route]) => {
    const names: string[] = []
    const full = (route.root === 'base' ? prefix : '') + route.path
    const source = full
      .split(/(\{\w+\*?\})/)
      .map((part) => {
        const m = /^\{(\w+)(\*?)\}$/.exec(part)
        if (!m) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        names.push(m[1]!)
        return m[2] ? '(.+)' : '([^/]+)'
      })
      .join('')
    const re = new RegExp(`^${source}/?$`)
    return {
      name,
      route,
      match(pathname: string) {
        const m = re.exec(pathname)
        if (!m) return undefined
        const out: Record<string, string> = {}
        names.forEach((n, i) => {
          out[n] = decodeURIComponent(m[i + 1]!)
        })
        return out
      },
    }
  })
}
