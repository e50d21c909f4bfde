// `agentry whoami`: which credential this run uses, where it came from, and where it goes — without a network call
// and without ever showing a secret (only a short key prefix).
import { keyHint } from '../../auth/credential.js'
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'

/** What `whoami` prints (JSON with --json). */
export interface WhoamiInfo {
  profile: string
  kind: 'api-key' | 'oauth'
  source: string
  keyPrefix?: string
  baseUrl: string | null
  account: string | null
  expiresAt?: string
  scope?: string
  clientId?: string
}

/** Describes the run's credential; exit 4 with the ways to log in when there is none. */
export async function whoamiInfo(ctx: Context): Promise<WhoamiInfo> {
  const [cred, settings] = await Promise.all([ctx.credential(), ctx.settings()])
  const profile = settings.profile.value
  if (cred.kind === 'none')
    throw new CliError(`not logged in (profile ${profile}): no API key and no OAuth login`, {
      exitCode: ExitCode.auth,
      hint: `log in with a browser: agentry login; or store a key: agentry login --with-api-key < key.txt; or set AGENTRY_API_KEY`,
    })
  const key = cred.kind === 'api-key' ? await cred.token() : undefined
  const g = cred.grant
  // Built in the order it is shown.
  const info: WhoamiInfo = {
    profile,
    kind: cred.kind,
    source: cred.source,
    ...(key !== undefined ? { keyPrefix: keyHint(key) } : {}),
    baseUrl: (settings.baseUrl?.value as string | undefined) ?? null,
    account: (settings.account?.value as string | undefined) ?? g?.accountId ?? null,
  }
  if (g) {
    if (g.expiresAt !== undefined) info.expiresAt = new Date(g.expiresAt).toISOString()
    if (g.scope) info.scope = g.scope
    info.clientId = g.clientId
  }
  return info
}

/** Prints whoami: key/value lines on a terminal, TSV when piped, JSON with --json. */
export async function whoamiRun(ctx: Context): Promise<void> {
  await ctx.output().item(await whoamiInfo(ctx))
}
