// Matches a request against the shared route table (../api/routes.ts). When two templates match one path, the one
// with more literal segments wins (`/{accountId}/cma/records/{c}` beats `/{accountId}/{access}/records/{c}`).
import { compileRoutes, type Route, type RouteMatcher, type RouteName } from '../api/routes.js'
import { memoize } from '../text/memoize.js'

/** The outcome of a lookup. */
export type RouteLookup =
  | { kind: 'match'; name: RouteName; route: Route; params: Readonly<Record<string, string>> }
  | { kind: 'preflight' }
  | { kind: 'method-not-allowed'; allow: string }
  | { kind: 'not-found' }
  | { kind: 'bad-path' }

interface Entry {
  matcher: RouteMatcher
  literals: number
  segments: number
  wildcard: boolean
}

const cacheLimit = 1024
const notFound: RouteLookup = Object.freeze({ kind: 'not-found' })
const badPath: RouteLookup = Object.freeze({ kind: 'bad-path' })
const preflight: RouteLookup = Object.freeze({ kind: 'preflight' })

/** A router over the route table, with a small cache of recent lookups (the hot paths repeat). */
export class Router {
  private readonly exact = new Map<number, Entry[]>()
  private readonly wildcards: Entry[] = []
  private readonly cache = new Map<string, RouteLookup>()

  constructor(prefix?: string) {
    const entries = compileRoutes(prefix).map((matcher): Entry => {
      const full = (matcher.route.root === 'base' ? (prefix ?? '/api/v1beta') : '') + matcher.route.path
      const parts = full.split('/').filter(Boolean)
      return {
        matcher,
        literals: parts.filter((p) => !p.startsWith('{')).length,
        segments: parts.length,
        wildcard: full.includes('*}'),
      }
    })
    entries.sort((a, b) => b.literals - a.literals)
    for (const e of entries) {
      if (e.wildcard) this.wildcards.push(e)
      else {
        const list = this.exact.get(e.segments) ?? []
        list.push(e)
        this.exact.set(e.segments, list)
      }
    }
  }

  /** Finds the route for a method and a raw (still percent-encoded) pathname. */
  lookup(method: string, pathname: string): RouteLookup {
    const key = `${method} ${pathname}`
    const hit = this.cache.get(key)
    if (hit !== undefined) return hit
    const found = this.find(method, pathname)
    if (this.cache.size >= cacheLimit) this.cache.clear()
    this.cache.set(key, found)
    return found
  }

  private find(method: string, pathname: string): RouteLookup {
    let segments = 0
    for (let i = 0; i < pathname.length; i++) if (pathname.charCodeAt(i) === 47 && i < pathname.length - 1) segments++
    const wanted = method === 'HEAD' ? 'GET' : method
    const allow: string[] = []
    let preflightOk = false
    const candidates = this.exact.get(segments)
    for (const list of [candidates ?? [], this.wildcards]) {
      for (const e of list) {
        if (e.wildcard && segments < e.segments) continue
        let params: Record<string, string> | undefined
        try {
          params = e.matcher.match(pathname)
        } catch {
          return badPath // a malformed %-escape (URIError)
        }
        if (params === undefined) continue
        if (e.matcher.route.method === wanted) {
          return { kind: 'match', name: e.matcher.name, route: e.matcher.route, params: Object.freeze(params) }
        }
        if (!allow.includes(e.matcher.route.method)) allow.push(e.matcher.route.method)
        if (e.matcher.route.preflight) preflightOk = true
      }
    }
    if (allow.length === 0) return notFound
    if (method === 'OPTIONS' && preflightOk) return preflight
    return { kind: 'method-not-allowed', allow: allow.join(', ') }
  }
}

/** The router of a prefix, made once per process: the table never changes, and every emulator shares its cache. */
export const routerFor = memoize((prefix: string | undefined) => new Router(prefix), 16)
