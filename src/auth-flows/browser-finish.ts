// The end of the browser login, once the browser has answered: the issuer checked (RFC 9207), the code exchanged
// (RFC 6749 4.1.3), and the page the browser is shown, which says how the login really ended.
import type { CallbackResult, LoginOutcome } from '../auth/loopback.js'
import {
  checkResponseIssuer,
  exchangeCode,
  grantFromTokens,
  type OAuthMetadata,
  oauthErrorCode,
  oauthHttp,
} from '../auth/oauth.js'
import type { OAuthGrant } from '../config/schema.js'
import type { Context } from '../context.js'
import { CliError, ExitCode } from '../errors.js'
import { forgetClient } from './common.js'

/** The user pressed Deny (RFC 6749 4.1.2.1 access_denied): the one failure the browser calls "cancelled". */
class DeniedError extends CliError {}

/** Turns an error response of the authorization endpoint (RFC 6749 4.1.2.1) into an auth failure. */
function authorizationError(error: string, description: string | undefined): CliError {
  const why = description ? `: ${description}` : ''
  if (error === 'access_denied')
    return new DeniedError(`the login was denied in the browser${why}`, {
      exitCode: ExitCode.auth,
      hint: 'run agentry login again and approve the request, or use: agentry login --with-api-key',
    })
  return new CliError(`the OAuth server refused the login (${error})${why}`, { exitCode: ExitCode.auth })
}

/** The end of the login once the browser answered: the issuer checked, the code exchanged for a grant. */
export async function finishLogin(
  ctx: Context,
  p: {
    meta: OAuthMetadata
    result: CallbackResult
    clientId: string
    redirectUri: string
    pkce: { verifier: string }
    resource: string | undefined
    scope: string | undefined
    baseUrl: string
  },
): Promise<OAuthGrant> {
  const { meta, result, clientId } = p
  if (!result.codeOnly) checkResponseIssuer(meta, result.iss)
  if ('error' in result) throw authorizationError(result.error, result.errorDescription)
  ctx.redactor.add(result.code)
  const tokens = await exchangeCode(await oauthHttp(ctx), meta.token_endpoint, {
    code: result.code,
    redirectUri: p.redirectUri,
    clientId,
    codeVerifier: p.pkce.verifier,
    resource: p.resource,
  }).catch(async (err: unknown) => {
    // The server no longer knows the stored client (RFC 6749 5.2): register afresh at the next login.
    if (oauthErrorCode((err as { cause?: unknown }).cause) === 'invalid_client') await forgetClient(ctx, p.baseUrl)
    throw err
  })
  const grant = grantFromTokens(
    tokens,
    {
      clientId,
      issuer: meta.issuer,
      tokenEndpoint: meta.token_endpoint,
      revocationEndpoint: meta.revocation_endpoint,
      scope: p.scope,
    },
    ctx.now(),
  )
  ctx.redactor.add(grant.accessToken)
  ctx.redactor.add(grant.refreshToken)
  return grant
}

/** The page of a login that ended well. */
export function loggedInPage(baseUrl: string, grant: OAuthGrant): LoginOutcome {
  const account = grant.accountId ? ` (account ${grant.accountId})` : ''
  return {
    tone: 'ok',
    title: 'Logged in',
    text: `agentry is logged in to ${new URL(baseUrl).origin}${account}. You can close this tab and go back to the terminal.`,
  }
}

/** The page of a login that did not end well: "cancelled" only when the user denied access (RFC 6749 4.1.2.1). */
export function failurePage(ctx: Context, err: unknown): LoginOutcome {
  if (err instanceof DeniedError)
    return {
      tone: 'bad',
      title: 'Login cancelled',
      text: 'Access was denied, so agentry is not logged in. You can close this tab.',
    }
  const message = ctx.redactor.text(err instanceof Error ? err.message : String(err))
  return {
    tone: 'bad',
    title: 'Login failed',
    text: `agentry is not logged in: ${message}. The terminal says what to do next; you can close this tab.`,
  }
}
