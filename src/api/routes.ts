// THE route table (spec/wire.md): every path the client calls and the emulator serves, once. Each operation is
// declared in its contract family's module (src/api/contract/<family>.ts, with its schemas, library method and doc);
// `npm run gen` writes the zod-free table of them (routes.gen.ts), which this module wraps with the path helpers.
// Paths are templates; `{name}` is a path parameter. `base` routes hang off {base_url} (<origin>/api/v1beta),
// `origin` routes off the server's origin (OAuth, well-known metadata, webhook trigger URLs).

import { checkPathValue } from './contract/path.js'
import { routeTable } from './routes.gen.js'

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
  /** what a bearer credential's scopes must allow (wire.md "API keys"); see RouteScope */
  readonly scope: RouteScope
  /** the contract module that declares it (src/api/contract/<family>.ts) */
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
  | 'desktop'

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

/** Every operation, by a stable name (generated from the declarations: contract/types.ts `op`). */
export const routes: { readonly [K in keyof typeof routeTable]: (typeof routeTable)[K] & Route } = routeTable

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
