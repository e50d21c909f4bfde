// `agentry whoami`: which credential this run uses, where it came from, and where it goes, never showing a secret
// (only a short key prefix); then one cheap authenticated call, the agents list (a documented operation), says whether
// the service takes it. A refused credential exits 4, as `gh auth status` exits non-zero; a check that could not be
// made says why in the `check` row and on stderr.
import { keyHint, notLoggedIn } from '../../auth/credential.js'
import { baseUrlOf } from '../../config/resolve.js'
import type { Context } from '../../context.js'
import { ApiError, CliError, ExitCode, exitCodeOf, isScopeRefusal, NetworkError, TimeoutError } from '../../errors.js'
import { defineCommand } from '../define.js'
import { flag } from '../options.js'

/** What the service said of the credential. */
type Check = 'valid' | 'rejected' | 'unchecked' | 'unreachable'

/** What `whoami` prints (JSON with --json). */
interface WhoamiInfo {
  profile: string
  kind: 'api-key' | 'oauth' | 'token'
  source: string
  keyPrefix?: string
  baseUrl: string
  /** the origin a stored credential is bound to (sent nowhere else) */
  boundTo?: string
  account: string | null
  expiresAt?: string
  scope?: string
  clientId?: string
  /** valid, rejected, unchecked (no account to ask about) or unreachable; absent with --no-check */
  check?: Check
  /** why the check said what it said, in words */
  checkDetail?: string
}

/** Describes the run's credential; exit 4 with the ways to log in when there is none. */
async function whoamiInfo(ctx: Context): Promise<WhoamiInfo> {
  const [cred, settings] = await Promise.all([ctx.credential(), ctx.settings()])
  const profile = settings.profile.value
  if (cred.kind === 'none') throw cred.refusal ?? notLoggedIn(profile)
  const key = cred.kind === 'api-key' ? await cred.token() : undefined
  const g = cred.grant
  // Built in the order it is shown.
  const info: WhoamiInfo = {
    profile,
    kind: cred.kind,
    source: cred.source,
    ...(key !== undefined ? { keyPrefix: keyHint(key) } : {}),
    baseUrl: baseUrlOf(settings),
    ...(cred.origin ? { boundTo: cred.origin } : {}),
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
 * Asks the service with the cheapest documented call that needs the credential: one agent of the agents list. Returns
 * the error to end with after printing (a refusal, or a failure that was no answer about the credential).
 */
async function checkWithService(ctx: Context, info: WhoamiInfo): Promise<unknown> {
  // the calls go to the account the settings name (a grant's own account id is shown, not used)
  if (!(await ctx.settings()).account) {
    info.check = 'unchecked'
    info.checkDetail = 'no account is set, and the check lists its agents (agentry login sets one, or --account <id>)'
    return undefined
  }
  try {
    const res = await (await ctx.sdk()).transport.raw('agentsList', { query: { page: 1, limit: 1 } })
    await res.body.dump().catch(() => {})
    info.check = 'valid'
    info.checkDetail = 'the service listed the account’s agents with it'
    return undefined
  } catch (err) {
    if (err instanceof ApiError && isScopeRefusal(err.status, err.code, err.challenge)) {
      info.check = 'valid'
      info.checkDetail = 'the service knows it; its scopes do not include listing agents'
      return undefined
    }
    if (exitCodeOf(err) === ExitCode.auth) {
      info.check = 'rejected'
      info.checkDetail = err instanceof Error ? err.message : String(err)
      return new CliError(`the service refused this credential (${info.source})`, {
        exitCode: ExitCode.auth,
        hint: 'it may be revoked or expired: log in again with `agentry login`, or give another key',
      })
    }
    if (err instanceof NetworkError || err instanceof TimeoutError) {
      info.check = 'unreachable'
      info.checkDetail = 'the service could not be reached, so the credential was not checked'
    } else {
      info.check = 'unchecked'
      info.checkDetail = `the service answered the check with an error: ${(err as Error).message}`
    }
    return err
  }
}

/** Prints whoami: key/value lines on a terminal, TSV when piped, JSON with --json; exit 4 when the service refuses it. */
async function whoamiRun(ctx: Context, check: boolean): Promise<void> {
  const info = await whoamiInfo(ctx)
  const failure = check ? await checkWithService(ctx, info) : undefined
  await ctx.output().item(info)
  if (failure !== undefined) throw failure
}

export default defineCommand({
  path: ['whoami'],
  summary: 'Show which credential is in use, where it came from, the base URL and account; checks it with the service',
  options: { check: flag('--no-check', 'do not ask the service (no network call)') },
  examples: ['agentry whoami', 'agentry whoami --json', 'agentry whoami --no-check'],
  helpAfter: `
The check lists one agent of the account with the credential. Exit codes: 0 the service took it (or no account is
set to check it with: the check row says so); 4 not logged in, or the service refused it (401/403, or the login
server refused the OAuth grant's refresh: invalid_grant, invalid_client); 8 the service could not be reached;
otherwise the code of the service's error.`,
  run: (opts, ctx) => whoamiRun(ctx, opts.check),
})
