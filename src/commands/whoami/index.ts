// `agentry whoami`: which credential this run uses, where it came from, and where it goes, never showing a secret
// (only a short key prefix); then one cheap authenticated call says whether the service takes it, and, when the
// service lists the key, its scopes.
import { keyHint, notLoggedIn } from '../../auth/credential.js'
import { baseUrlOf } from '../../config/resolve.js'
import type { Context } from '../../context.js'
import { AgentryError, ApiError, CliError, ExitCode, exitCodeOf, isScopeRefusal } from '../../errors.js'
import { defineCommand } from '../define.js'
import { ownKeyAmong } from '../../auth/own-key.js'
import { flag } from '../options.js'

/** What `whoami` prints (JSON with --json). */
interface WhoamiInfo {
  profile: string
  kind: 'api-key' | 'oauth'
  source: string
  keyPrefix?: string
  baseUrl: string
  account: string | null
  expiresAt?: string
  scope?: string
  clientId?: string
  /** what the service said of the credential: valid, rejected, or unchecked (--no-check, no account, unreachable) */
  check?: 'valid' | 'rejected' | 'unchecked'
  /** the key's id, name and scopes, when the service lists the key */
  keyId?: string
  keyName?: string
  scopes?: Record<string, unknown>
}

/** Describes the run's credential; exit 4 with the ways to log in when there is none. */
async function whoamiInfo(ctx: Context): Promise<WhoamiInfo> {
  const [cred, settings] = await Promise.all([ctx.credential(), ctx.settings()])
  const profile = settings.profile.value
  if (cred.kind === 'none') throw notLoggedIn(profile)
  const key = cred.kind === 'api-key' ? await cred.token() : undefined
  const g = cred.grant
  // Built in the order it is shown.
  const info: WhoamiInfo = {
    profile,
    kind: cred.kind,
    source: cred.source,
    ...(key !== undefined ? { keyPrefix: keyHint(key) } : {}),
    baseUrl: baseUrlOf(settings),
    account: (settings.account?.value as string | undefined) ?? g?.accountId ?? null,
  }
  if (g) {
    if (g.expiresAt !== undefined) info.expiresAt = new Date(g.expiresAt).toISOString()
    if (g.scope) info.scope = g.scope
    info.clientId = g.clientId
  }
  return info
}

/**
 * Asks the service about the credential: the key list (one page of 100) is a cheap authenticated call, and names the
 * key's scopes when this key is in it (matched by the prefix the service shows). A 401 that is not a scope refusal
 * means the credential was rejected; a scope refusal, or a 403, means it is valid but may not list keys.
 */
async function checkWithService(ctx: Context, info: WhoamiInfo, key: string | undefined): Promise<void> {
  info.check = 'unchecked'
  if (!info.account) return
  try {
    const page = await (await ctx.sdk()).keys.list({ limit: 100 }).pages(1).next()
    info.check = 'valid'
    // named only when one listed key fits: keys sharing a prefix cannot be told apart
    const mine = ownKeyAmong(page.value?.data ?? [], key).key
    if (mine) {
      info.keyId = mine.id
      if (mine.name) info.keyName = mine.name
      info.scopes = mine.scopes ?? {}
    }
  } catch (err) {
    if (!(err instanceof ApiError)) {
      if (!(err instanceof AgentryError) || exitCodeOf(err) === ExitCode.usage) throw err
      ctx.warn(`could not check the credential with the service: ${err.message}`)
      return
    }
    if (err.status === 403 || isScopeRefusal(err.status, err.code, undefined) || /scope/i.test(err.serverMessage)) {
      info.check = 'valid'
      return
    }
    if (err.status !== 401) throw err
    info.check = 'rejected'
  }
}

/** Prints whoami: key/value lines on a terminal, TSV when piped, JSON with --json; exit 4 when the service rejects it. */
async function whoamiRun(ctx: Context, check: boolean): Promise<void> {
  const info = await whoamiInfo(ctx)
  const key = info.kind === 'api-key' ? await (await ctx.credential()).token() : undefined
  if (check) await checkWithService(ctx, info, key)
  const out = ctx.output()
  const scopes = info.scopes
  if (scopes && (out.format === 'table' || out.format === 'tsv'))
    await out.item({ ...info, scopes: describeScopes(scopes) } as unknown as WhoamiInfo)
  else await out.item(info)
  if (info.check === 'rejected')
    throw new CliError(`the service rejected this credential (${info.source})`, {
      exitCode: ExitCode.auth,
      hint: 'it may be revoked or expired: log in again with `agentry login`, or set another key',
    })
}

/** Scopes in words: `agents: ag_1, ag_2; cms: read`, or `all` for an unrestricted key. */
function describeScopes(scopes: Record<string, unknown>): string {
  const parts = Object.entries(scopes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
  return parts.length ? parts.join('; ') : 'all (no restriction)'
}

export default defineCommand({
  path: ['whoami'],
  summary: 'Show which credential is in use, where it came from, the base URL and account; checks it with the service',
  options: { check: flag('--no-check', 'do not ask the service (no network call)') },
  examples: ['agentry whoami', 'agentry whoami --json', 'agentry whoami --no-check'],
  run: (opts, ctx) => whoamiRun(ctx, opts.check),
})
