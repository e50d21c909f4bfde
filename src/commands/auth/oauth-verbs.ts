// `agentry oauth status|token|refresh|register`: the profile's OAuth grant, for people and for scripts.
import { chooseScope, discover, oauthHttp, registerClient } from '../../auth/oauth.js'
import { needsRefresh, oauthCredential, refreshStoredGrant } from '../../auth/token-provider.js'
import { checkedProfileName } from '../../config/resolve.js'
import type { OAuthGrant } from '../../config/schema.js'
import { loadCredentials } from '../../config/store.js'
import type { Context } from '../../context.js'
import { CliError, ExitCode, UsageError } from '../../errors.js'

/** The profile's stored OAuth grant, or exit 4 saying how to get one. */
export async function storedGrant(ctx: Context, profile: string): Promise<OAuthGrant> {
  const grant = (await loadCredentials(ctx.configDir())).profiles[profile]?.oauth
  if (!grant)
    throw new CliError(`profile ${profile} is not logged in with OAuth`, {
      exitCode: ExitCode.auth,
      hint: profile === 'default' ? 'run: agentry login' : `run: agentry --profile ${profile} login`,
    })
  ctx.redactor.add(grant.accessToken)
  ctx.redactor.add(grant.refreshToken)
  return grant
}

/** What `oauth status` shows: never a token, only whether and until when there is one. */
export function grantStatus(profile: string, grant: OAuthGrant, now: number): Record<string, unknown> {
  return {
    profile,
    loggedIn: true,
    issuer: grant.issuer ?? null,
    clientId: grant.clientId,
    account: grant.accountId ?? null,
    scope: grant.scope ?? null,
    expiresAt: grant.expiresAt === undefined ? null : new Date(grant.expiresAt).toISOString(),
    expiresInSeconds: grant.expiresAt === undefined ? null : Math.round((grant.expiresAt - now) / 1000),
    expired: grant.expiresAt !== undefined && grant.expiresAt <= now,
    refreshable: Boolean(grant.refreshToken),
  }
}

/** `oauth status`: logged in? until when? */
export async function oauthStatusRun(ctx: Context): Promise<void> {
  const profile = checkedProfileName(ctx.profile())
  await ctx.output().item(grantStatus(profile, await storedGrant(ctx, profile), ctx.now()))
}

/** `oauth token`: the current access token on stdout (refreshed first when it is about to expire). */
export async function oauthTokenRun(ctx: Context): Promise<void> {
  const profile = checkedProfileName(ctx.profile())
  const grant = await storedGrant(ctx, profile)
  if (!grant.refreshToken && needsRefresh(grant, ctx.now(), 0))
    throw new CliError('the OAuth access token has expired and cannot be refreshed', {
      exitCode: ExitCode.auth,
      hint: 'run: agentry login',
    })
  const token = await oauthCredential(ctx, profile, grant).token()
  await ctx.output().text(token ?? '')
}

/** `oauth refresh`: a refresh now, whatever the expiry (under the cross-process lock). */
export async function oauthRefreshRun(ctx: Context): Promise<void> {
  const profile = checkedProfileName(ctx.profile())
  const grant = await storedGrant(ctx, profile)
  const next = await refreshStoredGrant(ctx, profile, 'forced', grant.accessToken)
  ctx.info(`refreshed the access token of profile ${profile}`)
  await ctx.output().item(grantStatus(profile, next, ctx.now()))
}

/** `oauth register`: registers a public client (RFC 7591) and prints its id. */
export async function oauthRegisterRun(
  ctx: Context,
  opts: { redirectUri?: string[] | undefined; name?: string | undefined; scope?: string | undefined },
): Promise<void> {
  const baseUrl = (await ctx.settings()).baseUrl?.value as string | undefined
  if (!baseUrl) throw new UsageError('no base URL is set', 'pass --base-url or run: agentry config set base-url <url>')
  for (const uri of opts.redirectUri ?? [])
    if (!URL.canParse(uri)) throw new UsageError(`--redirect-uri ${uri}: not a URL`)
  const http = await oauthHttp(ctx)
  const meta = await discover(http, baseUrl)
  // RFC 8252 7.3: a loopback redirect without a port; the server must accept any port at authorization time.
  const redirectUris = opts.redirectUri?.length ? opts.redirectUri : ['http://127.0.0.1/callback']
  const client = await registerClient(http, meta, {
    redirectUris,
    scope: opts.scope ?? chooseScope(meta),
    ...(opts.name ? { clientName: opts.name } : {}),
  })
  const out = ctx.output()
  if (out.format === 'table' || out.format === 'tsv') return out.text(client.client_id)
  await out.item(client)
}
