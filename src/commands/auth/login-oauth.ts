// `agentry login` / `agentry oauth login`: the OAuth 2.1 flow of a native app (RFC 8252) — discover (RFC 8414),
// register a public client with a loopback redirect (RFC 7591), open the system browser with a PKCE S256
// authorization request (RFC 7636), wait for the callback with `state` checked, exchange the code, store the grant.
import { randomBytes } from 'node:crypto'
import { startLoopbackListener } from '../../auth/loopback.js'
import {
  authorizationUrl,
  chooseScope,
  discover,
  exchangeCode,
  grantFromTokens,
  oauthHttp,
  registerClient,
} from '../../auth/oauth.js'
import { createPkcePair } from '../../auth/pkce.js'
import { credentialsFile } from '../../config/paths.js'
import { checkedProfileName } from '../../config/resolve.js'
import type { OAuthGrant } from '../../config/schema.js'
import { updateConfig, updateCredentials } from '../../config/store.js'
import type { Context } from '../../context.js'
import { CliError, ExitCode, UsageError } from '../../errors.js'

/** Options of the browser login. */
export interface OAuthLoginOptions {
  /** open the system browser (false: only print the URL) */
  browser: boolean
  scope?: string | undefined
  /** how long to wait for the browser, in seconds */
  waitSeconds: number
}

/** The base URL of the run, required for a login. */
async function requireBaseUrl(ctx: Context): Promise<string> {
  const baseUrl = (await ctx.settings()).baseUrl?.value as string | undefined
  if (!baseUrl)
    throw new UsageError(
      'no base URL is set: agentry needs to know which server to log in to',
      'pass --base-url https://host/api/v1beta, set AGENTRY_BASE_URL, or: agentry config set base-url <url>',
    )
  return baseUrl
}

/** Turns an error response of the authorization endpoint (RFC 6749 4.1.2.1) into an auth failure. */
function authorizationError(error: string, description: string | undefined): CliError {
  const why = description ? `: ${description}` : ''
  if (error === 'access_denied')
    return new CliError(`the login was denied in the browser${why}`, {
      exitCode: ExitCode.auth,
      hint: 'run agentry login again and approve the request, or use: agentry login --with-api-key',
    })
  return new CliError(`the OAuth server refused the login (${error})${why}`, { exitCode: ExitCode.auth })
}

/** Runs the browser login for the run's profile and stores the grant. */
export async function oauthLoginRun(ctx: Context, opts: OAuthLoginOptions): Promise<OAuthGrant> {
  const profile = checkedProfileName(ctx.profile())
  const baseUrl = await requireBaseUrl(ctx)
  const http = await oauthHttp(ctx)
  const meta = await discover(http, baseUrl)
  const listener = await startLoopbackListener()
  try {
    const scope = opts.scope ?? chooseScope(meta)
    const client = await registerClient(http, meta, { redirectUris: [listener.redirectUri], scope })
    const pkce = createPkcePair()
    const state = randomBytes(24).toString('base64url')
    const url = authorizationUrl(meta, {
      clientId: client.client_id,
      redirectUri: listener.redirectUri,
      codeChallenge: pkce.challenge,
      state,
      scope,
    })
    // Listen for this state before the browser opens: an already-approved client may call back at once.
    const callback = listener.wait(state, { timeoutMs: opts.waitSeconds * 1000, signal: ctx.abort.signal })
    callback.catch(() => {}) // awaited below; this only keeps an early rejection from counting as unhandled
    // Always printed (even with --quiet): the browser may not open, or may be on another screen.
    ctx.io.stderr.write(`Open this URL in a browser to log in${opts.browser ? ' (opening it now)' : ''}:\n  ${url}\n`)
    if (opts.browser)
      await ctx.openBrowser(url).catch((err: Error) => ctx.warn(`could not open a browser (${err.message})`))
    ctx.info(`Waiting for the browser (up to ${opts.waitSeconds} s; Ctrl-C to cancel)…`)
    const result = await callback
    if ('error' in result) throw authorizationError(result.error, result.errorDescription)
    ctx.redactor.add(result.code)
    const tokens = await exchangeCode(http, meta.token_endpoint, {
      code: result.code,
      redirectUri: listener.redirectUri,
      clientId: client.client_id,
      codeVerifier: pkce.verifier,
    })
    const grant = grantFromTokens(
      tokens,
      {
        clientId: client.client_id,
        issuer: meta.issuer,
        tokenEndpoint: meta.token_endpoint,
        revocationEndpoint: meta.revocation_endpoint,
        scope,
      },
      ctx.now(),
    )
    ctx.redactor.add(grant.accessToken)
    ctx.redactor.add(grant.refreshToken)
    await storeLogin(ctx, profile, grant, baseUrl)
    return grant
  } finally {
    await listener.close()
  }
}

/** Saves the grant (it replaces an API key of the profile) and fills the profile's base URL and account if unset. */
async function storeLogin(ctx: Context, profile: string, grant: OAuthGrant, baseUrl: string): Promise<void> {
  await updateCredentials(ctx.configDir(), (c) => {
    c.profiles[profile] = { oauth: grant }
  })
  await updateConfig(ctx.configDir(), (cfg) => {
    const p = { ...cfg.profiles[profile] }
    // The grant belongs to this server: later runs of the profile should reach it without --base-url.
    p.baseUrl ??= baseUrl
    if (grant.accountId) p.account ??= grant.accountId
    cfg.profiles[profile] = p
  })
  const account = grant.accountId ? `, account ${grant.accountId}` : ''
  ctx.info(
    `Logged in to ${new URL(baseUrl).origin} (profile ${profile}${account}); saved in ${credentialsFile(ctx.configDir())}`,
  )
}
