// Seeding (`--seed demo|none`). The demo API key is always installed, even with `none`: without a key nothing can be
// called, and keys are only made through the API. It is a fixed, local, non-secret value: fine to print.
import { knownKeyHash, listedKeyPrefix } from './auth.js'
import { demoAgents, demoSkills, demoTeamAgents, demoTeams } from './seed-agents.js'
import type { EmulatorState, StoredApiKey } from './state.js'

/** The full-access demo key. */
export const demoApiKey = 'agk_demo_0123456789abcdef'

/**
 * Demo keys with narrower scopes, for tests and for trying scopes out (wire.md "API keys"):
 * `assistantOnly` may use only demo-assistant; `cmsRead` only the CMS delivery access (no agents, no scenarios);
 * `noCms` everything but the CMS; `expired` expired in 2020.
 */
export const demoKeys = {
  full: demoApiKey,
  assistantOnly: 'agk_demo_assistant_only_0001',
  cmsRead: 'agk_demo_cms_read_0002',
  noCms: 'agk_demo_no_cms_0003',
  expired: 'agk_demo_expired_0004',
} as const

const at = '2025-01-06T09:00:00.000Z'

function key(
  state: EmulatorState,
  id: string,
  name: string,
  value: string,
  scopes: StoredApiKey['scopes'],
): StoredApiKey {
  return {
    id,
    name,
    prefix: listedKeyPrefix(value),
    scopes: scopes ?? {},
    createdAt: at,
    lastUsedAt: null,
    expiresAt: null,
    keyHash: knownKeyHash(value),
    accountId: state.accountId,
  }
}

/** Installs the full-access demo key unless a key with its hash is already there. */
export function ensureDemoKey(state: EmulatorState): void {
  const hash = knownKeyHash(demoApiKey)
  for (const k of state.apiKeys.values()) if (k.keyHash === hash) return
  state.apiKeys.set('key_demo', key(state, 'key_demo', 'Demo key (full access)', demoApiKey, {}))
}

/** A seeder of one resource family (part of the emulator written beside this one). */
export type Seeder = (state: EmulatorState) => void

/** Seeds demo agents, the two demo accounts, skills and the scoped demo keys, then runs the resource seeders. */
function seedDemo(state: EmulatorState, seeders: readonly Seeder[]): void {
  for (const a of [...demoAgents(state.accountId), ...demoTeamAgents()]) state.agents.set(a.id, a)
  for (const t of demoTeams(state.accountId)) state.teams.set(t.id, t)
  for (const s of demoSkills()) state.skills.set(s.id, s)
  const scoped: [string, string, string, StoredApiKey['scopes']][] = [
    ['key_demo_assistant', 'Demo: demo-assistant only', demoKeys.assistantOnly, { agents: ['demo-assistant'] }],
    ['key_demo_cms_read', 'Demo: CMS delivery only', demoKeys.cmsRead, { agents: [], scenarios: [], cms: 'read' }],
    ['key_demo_no_cms', 'Demo: no CMS', demoKeys.noCms, { cms: 'none' }],
  ]
  for (const [id, name, value, scopes] of scoped) state.apiKeys.set(id, key(state, id, name, value, scopes))
  const expired = key(state, 'key_demo_expired', 'Demo: expired', demoKeys.expired, {})
  expired.expiresAt = '2020-01-01T00:00:00.000Z'
  state.apiKeys.set(expired.id, expired)
  for (const s of seeders) s(state)
}

/** Seeds a fresh state: `demo` data or nothing, and the demo key in both cases. */
export function seedState(state: EmulatorState, kind: 'demo' | 'none', seeders: readonly Seeder[]): void {
  ensureDemoKey(state)
  if (kind === 'demo') seedDemo(state, seeders)
}
