// THE route table (spec/wire.md): every path the client calls and the emulator serves lives here, once.
// Paths are templates; `{name}` is a path parameter. `base` routes hang off {base_url} (<origin>/api/v1beta),
// `origin` routes off the server's origin (OAuth, well-known metadata, webhook trigger URLs). The table is grouped by
// contract family, so that adding a route is one line here and one entry in its family's module (src/api/contract).

import { checkPathValue } from './contract/path.js'

/** HTTP methods used by the service. */
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

/** One operation of the service: method, path template and where the path is rooted. */
export interface Route {
  readonly method: HttpMethod
  readonly path: string
  readonly root: 'base' | 'origin'
  /** how the request authenticates: bearer token, scenario signature, webhook secret, or none */
  readonly auth: 'bearer' | 'signature' | 'webhook-secret' | 'none'
  /** answered 204 to a CORS preflight (service-interface 4) */
  readonly preflight?: boolean
  /** what a bearer credential's scopes must allow (wire.md "API keys"); see RouteScope */
  readonly scope: RouteScope
  /** the contract module that holds its schemas (src/api/contract/<family>.ts); absent: no contract */
  readonly family?: Family
}

/**
 * The contract's families, one module each under src/api/contract, loaded on first use: a command builds only the
 * schemas of its family (the ten of the service cost ~32 ms, one ~10 ms). Named here, not imported: the table stays zod-free.
 */
export type Family =
  | 'agents'
  | 'chats'
  | 'scenarios'
  | 'webhooks'
  | 'keys'
  | 'schedules'
  | 'sites'
  | 'files'
  | 'images'
  | 'cms'
  | 'oauth'

/**
 * What a scoped API key needs to reach a route (wire.md ApiKey scopes; the emulator enforces it in one place,
 * src/emulator/scope.ts):
 * - `agent`: the path's `{agentId}` must be in `scopes.agents` (lists: filtered to them)
 * - `scenario`: the scenario the path names, directly or through its webhook or schedule, and any `scenarioId` in
 *   the body must be in `scopes.scenarios` (lists: filtered to them)
 * - `cms-read` / `cms-write`: `scopes.cms` read or write (`{access}` cma needs write)
 * - `account`: any key of the account (sites, files, images, skills)
 * - `unscoped`: only a key without scopes (API-key management; also the default of a bearer route not given one)
 * - `public`: not a bearer route (OAuth, signed scenario runs, webhook triggers authenticate otherwise)
 */
export type RouteScope = 'agent' | 'scenario' | 'cms-read' | 'cms-write' | 'account' | 'unscoped' | 'public'

// A bearer route without a scope needs an unscoped key: a route added without thought is closed, not open.
const b = (method: HttpMethod, path: string, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  root: 'base',
  auth: 'bearer',
  scope: extra.auth !== undefined && extra.auth !== 'bearer' ? 'public' : 'unscoped',
  ...extra,
})
const o = (method: HttpMethod, path: string, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  root: 'origin',
  auth: 'none',
  scope: 'public',
  ...extra,
})

// One block of the table per contract family: each route carries its family (typed as the literal, so that a
// family's module can be checked at compile time to hold exactly its routes: contract/types.ts, Contract).
const family = <F extends Family, T extends Record<string, Route>>(
  name: F,
  block: T,
): { readonly [K in keyof T]: T[K] & { readonly family: F } } =>
  Object.fromEntries(Object.entries(block).map(([k, route]) => [k, { ...route, family: name }])) as never
// Routes the contract does not describe: A2A messaging (JSON-RPC 2.0, served by the emulator for A2A clients; the CLI
// does not call it).
const noContract = <T extends Record<string, Route>>(block: T): T => block

// Scopes, spelled once so that each line of the table reads `method, path, who may call it`.
const agent = { scope: 'agent' } as const
const scenario = { scope: 'scenario' } as const
const account = { scope: 'account' } as const
const cmsRead = { scope: 'cms-read' } as const
const cmsWrite = { scope: 'cms-write' } as const
const unscoped = { scope: 'unscoped' } as const

/** Every operation, by a stable name. */
export const routes = {
  // agents, skills, A2A cards
  ...family('agents', {
    agentsList: b('GET', '/{accountId}/agents', agent),
    agentsGet: b('GET', '/{accountId}/agents/{agentId}', agent),
    skillsList: b('GET', '/{accountId}/skills', account),
    agentCard: b('GET', '/agent/{agentId}/a2a/card', agent),
  }),
  ...noContract({
    agentA2a: b('POST', '/agent/{agentId}/a2a', agent),
  }),
  // completions and stateful chats
  ...family('chats', {
    completion: b('POST', '/agent/{agentId}/chat/completion', { ...agent, preflight: true }),
    completionCancel: b('POST', '/agent/{agentId}/chat/completion/cancel', { ...agent, preflight: true }),
    chatsList: b('GET', '/agent/{agentId}/chats', agent),
    chatsCreate: b('POST', '/agent/{agentId}/chats', agent),
    chatCompletion: b('POST', '/agent/{agentId}/chat/{chatId}/completion', { ...agent, preflight: true }),
    chatMessages: b('GET', '/agent/{agentId}/chat/{chatId}/messages', agent),
    chatMessageDelete: b('DELETE', '/agent/{agentId}/chat/{chatId}/messages/{messageId}', agent),
  }),
  ...family('scenarios', {
    scenariosList: b('GET', '/{accountId}/scenarios', scenario),
    scenariosGet: b('GET', '/{accountId}/scenarios/{scenarioId}', scenario),
    scenarioExecute: b('POST', '/scenario/{scenarioId}', { auth: 'signature', preflight: true }),
  }),
  // webhooks (each belongs to its scenario's scope: its secret runs that scenario)
  ...family('webhooks', {
    webhooksList: b('GET', '/{accountId}/webhooks', scenario),
    webhooksCreate: b('POST', '/{accountId}/webhooks', scenario),
    webhooksGet: b('GET', '/{accountId}/webhooks/{webhookId}', scenario),
    webhooksEdit: b('PATCH', '/{accountId}/webhooks/{webhookId}', scenario),
    webhooksDelete: b('DELETE', '/{accountId}/webhooks/{webhookId}', scenario),
    webhooksTest: b('POST', '/{accountId}/webhooks/{webhookId}/test', scenario),
    webhookTrigger: o('POST', '/api/webhooks/{webhookId}', { auth: 'webhook-secret' }),
  }),
  // API keys (a scoped key could otherwise mint itself a broader one)
  ...family('keys', {
    keysList: b('GET', '/{accountId}/api-keys', unscoped),
    keysCreate: b('POST', '/{accountId}/api-keys', unscoped),
    keysDelete: b('DELETE', '/{accountId}/api-keys/{keyId}', unscoped),
  }),
  // schedules (each belongs to its scenario's scope)
  ...family('schedules', {
    schedulesList: b('GET', '/{accountId}/schedules', scenario),
    schedulesCreate: b('POST', '/{accountId}/schedules', scenario),
    schedulesGet: b('GET', '/{accountId}/schedules/{scheduleId}', scenario),
    schedulesEdit: b('PATCH', '/{accountId}/schedules/{scheduleId}', scenario),
    schedulesDelete: b('DELETE', '/{accountId}/schedules/{scheduleId}', scenario),
  }),
  // sites and pages
  ...family('sites', {
    sitesList: b('GET', '/{accountId}/sites', account),
    sitesGet: b('GET', '/{accountId}/sites/{siteId}', account),
    pagesList: b('GET', '/{accountId}/sites/{siteId}/pages', account),
    pagesGet: b('GET', '/{accountId}/sites/{siteId}/pages/{pageId}', account),
  }),
  // files ({path} may hold slashes: it is the rest of the path)
  ...family('files', {
    filesList: b('GET', '/{accountId}/files', account),
    filesUpload: b('PUT', '/{accountId}/files/{path*}', account),
    filesDownload: b('GET', '/{accountId}/files/{path*}', account),
    filesDelete: b('DELETE', '/{accountId}/files/{path*}', account),
  }),
  ...family('images', {
    imagesAnalyze: b('POST', '/{accountId}/images/analyze', account),
    imagesGenerate: b('POST', '/{accountId}/images/generate', account),
  }),
  // CMS ({access} is cda or cma; reading through cma needs write, as cma is the management access)
  ...family('cms', {
    cmsQuery: b('GET', '/{accountId}/{access}/records/{collection}', cmsRead),
    cmsGet: b('GET', '/{accountId}/{access}/records/{collection}/{recordId}', cmsRead),
    cmsCreate: b('POST', '/{accountId}/cma/records/{collection}', cmsWrite),
    cmsUpdate: b('PUT', '/{accountId}/cma/records/{collection}/{recordId}', cmsWrite),
    cmsDelete: b('DELETE', '/{accountId}/cma/records/{collection}/{recordId}', cmsWrite),
  }),
  // OAuth 2.1 (RFC 8414, 7591, 7636, 7009, 9207): the contract declares the answers the client reads
  ...family('oauth', {
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
  }),
} as const satisfies Record<string, Route>

/** The name of an operation in the route table. */
export type RouteName = keyof typeof routes

/** The version segment that ends every {base_url}. */
export const basePathSuffix = '/api/v1beta'

/**
 * Fills a path template; each value is percent-encoded (a `{name*}` value keeps its slashes). An empty, `.` or `..`
 * segment is a usage error naming the parameter, before any request (contract/path.ts).
 */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)(\*?)\}/g, (_m, name: string, rest: string) => {
    const value = checkPathValue(name, params[name], rest === '*')
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
