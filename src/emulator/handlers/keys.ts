// API keys (service-interface 5.2; wire.md "API keys and schedules"): the key is shown once, at creation; only its
// SHA-256 is stored, with a 12-character prefix to recognise it by. Expired keys are refused by ../auth.ts; only
// unscoped keys reach these routes (their scope in the route table, enforced by ../scope.ts).
import { randomBytes } from 'node:crypto'
import { hashApiKey, listedKeyPrefix } from '../auth.js'
import type { StoredApiKey } from '../state.js'
import type { ItemOf } from '../../sdk/transport.js'
import type { DeclaredBody, EmuRequest, HandlerEnv, HandlerTable } from '../types.js'
import { badRequest, isoNow, listPage, newId, notFound } from '../kit.js'

/** The prefix of every API key the emulator issues (lets scanners and --debug redaction recognise them). */
const apiKeyPrefix = 'agk_'

/** A new API key: the prefix and 32 random bytes as base64url. */
function generateApiKey(): string {
  return apiKeyPrefix + randomBytes(32).toString('base64url')
}

/** A key record as the API shows it: never the hash, never the account. */
function view(k: StoredApiKey): Record<string, unknown> {
  const { keyHash: _hash, accountId: _account, ...rest } = k
  return { ...rest, lastUsedAt: k.lastUsedAt ?? null, expiresAt: k.expiresAt ?? null }
}

function accountOf(req: EmuRequest, env: HandlerEnv): string {
  return req.principal?.accountId ?? env.state.accountId
}

/** An account no team record describes (`--seed none`): its id stands for its name and slug. */
function bareTeam(id: string): ItemOf<'teamsList'> {
  return { id, name: id, slug: id, role: 'owner', is_personal_account: true }
}

/** Handlers of the API key routes, and the teams a credential reaches. */
export const keyHandlers = {
  // the emulator has one user, a member of every team: a login (OAuth) reaches them all, an API key its own account
  teamsList(req, env) {
    const own = accountOf(req, env)
    const teams = [...env.state.teams.values()]
    const reached = req.principal?.kind === 'oauth' ? teams : teams.filter((t) => t.id === own)
    const all = reached.some((t) => t.id === own) ? reached : [bareTeam(own), ...reached]
    return { status: 200, json: listPage(all, req) }
  },

  keysList(req, env) {
    const account = accountOf(req, env)
    const mine = [...env.state.apiKeys.values()].filter((k) => k.accountId === account).map(view)
    return { status: 200, json: listPage(mine, req) }
  },

  keysCreate(req, env) {
    const body = req.input as DeclaredBody<'keysCreate'>
    if (body.expiresAt !== undefined && Date.parse(body.expiresAt) <= env.now()) {
      throw badRequest('expiresAt must be in the future')
    }
    const key = generateApiKey()
    const record: StoredApiKey = {
      id: newId('key'),
      name: body.name,
      prefix: listedKeyPrefix(key),
      scopes: body.scopes,
      createdAt: isoNow(env),
      lastUsedAt: null,
      expiresAt: body.expiresAt === undefined ? null : new Date(body.expiresAt).toISOString(),
      keyHash: hashApiKey(key),
      accountId: accountOf(req, env),
    }
    env.state.apiKeys.set(record.id, record)
    return { status: 201, json: { ...view(record), key } }
  },

  keysDelete(req, env) {
    const id = req.params.keyId ?? ''
    const k = env.state.apiKeys.get(id)
    if (k === undefined || k.accountId !== accountOf(req, env)) throw notFound('API key', id)
    env.state.apiKeys.delete(id)
    return { status: 204 }
  },
} satisfies HandlerTable
