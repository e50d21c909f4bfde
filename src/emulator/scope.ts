// Scopes of API keys (wire.md "API keys": agents:[ids], scenarios:[ids], cms none|read|write), enforced here and
// only here, from the scope each route declares in the route table (../api/routes.ts RouteScope). The server calls
// enforceScope before a handler runs; list handlers keep only what visibleTo lets through.
import type { Route } from '../api/routes.js'
import { canUseAgent, canUseCms, canUseScenario } from './auth.js'
import { agentIn } from './default-agent.js'
import type { EmulatorState } from './state.js'
import { HttpError, type Principal } from './types.js'

/** A scope refusal: 401 as wire.md asks for keys that name other agents or scenarios (RFC 6750 §3.1's error). */
function outOfScope(message: string): HttpError {
  const challenge = 'Bearer realm="agentry-emulator", error="insufficient_scope"'
  return new HttpError(401, message, { 'www-authenticate': challenge }, 'unauthorized')
}

/** Does this caller hold no scope restriction at all (OAuth tokens and keys with empty scopes)? */
function isUnscoped(p: Principal): boolean {
  if (p.kind === 'oauth') return true
  const { agents, scenarios, cms } = p.scopes
  return agents === undefined && scenarios === undefined && (cms === undefined || cms === 'write')
}

/** What a resource belongs to, for the scope check: its agent and/or its scenario. */
export interface ScopeTarget {
  agentId?: string | null | undefined
  scenarioId?: string | null | undefined
}

/** May this caller reach something that belongs to this agent and/or scenario? */
function mayReach(p: Principal | undefined, target: ScopeTarget): boolean {
  if (p === undefined) return true
  if (typeof target.agentId === 'string' && !canUseAgent(p, target.agentId)) return false
  if (typeof target.scenarioId === 'string' && !canUseScenario(p, target.scenarioId)) return false
  return true
}

/** The items of a list this caller may see (wire.md: a scoped key sees only what its scopes name). */
export function visibleTo<T>(p: Principal | undefined, items: Iterable<T>, targetOf: (item: T) => ScopeTarget): T[] {
  const out: T[] = []
  for (const item of items) if (mayReach(p, targetOf(item))) out.push(item)
  return out
}

/** The scenarios a `scenario` route touches: the path's, its webhook's or schedule's, and a `scenarioId` in the body. */
function scenariosOf(params: Readonly<Record<string, string>>, body: unknown, state: EmulatorState): string[] {
  const ids: string[] = []
  if (params.scenarioId !== undefined) ids.push(params.scenarioId)
  if (params.webhookId !== undefined) {
    const w = state.webhooks.get(params.webhookId)
    if (w !== undefined) ids.push(w.scenarioId)
  }
  if (params.scheduleId !== undefined) {
    const s = state.schedules.get(params.scheduleId)
    if (s !== undefined) ids.push(s.scenarioId)
  }
  const given = typeof body === 'object' && body !== null ? (body as { scenarioId?: unknown }).scenarioId : undefined
  if (typeof given === 'string') ids.push(given)
  return ids
}

/**
 * The CMS access a route uses: its `{access}` parameter, or cma/cda from its literal path; a cms-read route under
 * neither (the record types: a collection's schema) is read as delivery, which a read key may use.
 */
function cmsAccessOf(route: Route, params: Readonly<Record<string, string>>): string {
  return params.access ?? (route.path.includes('/cma/') ? 'cma' : 'cda')
}

/**
 * Checks what the path (and the body) names against the caller, before the handler runs: the account must be the
 * caller's and a named agent must exist in it (404), then the route's declared scope (401; 403 for routes that need
 * an unscoped key).
 */
export function enforceScope(
  route: Route,
  params: Readonly<Record<string, string>>,
  body: unknown,
  p: Principal,
  state: EmulatorState,
): void {
  const { accountId, agentId } = params
  if (accountId !== undefined && accountId !== p.accountId) {
    throw new HttpError(404, `account "${accountId}" not found (this credential belongs to ${p.accountId})`)
  }
  if (agentId !== undefined) {
    const agent = agentIn(state, agentId, p.accountId)
    if (agent === undefined || agent.accountId !== p.accountId) throw new HttpError(404, `agent "${agentId}" not found`)
    if (!canUseAgent(p, agentId)) throw outOfScope(`this API key has no access to agent "${agentId}"`)
  }
  switch (route.scope) {
    case 'agent':
    case 'account':
    case 'public':
      return
    case 'scenario':
      for (const id of scenariosOf(params, body, state)) {
        if (!canUseScenario(p, id)) throw outOfScope(`this API key has no access to scenario "${id}"`)
      }
      return
    case 'cms-read':
    case 'cms-write': {
      const access = route.scope === 'cms-write' ? 'cma' : cmsAccessOf(route, params)
      if (canUseCms(p, access)) return
      const none = (p.scopes.cms ?? 'write') === 'none'
      throw outOfScope(none ? 'this API key has no CMS access' : 'this API key may use the delivery access (cda) only')
    }
    case 'unscoped':
      if (isUnscoped(p)) return
      throw new HttpError(
        403,
        'this needs an API key without scopes (a scoped key may not manage keys); use an unscoped key',
        {},
        'forbidden',
      )
  }
}
