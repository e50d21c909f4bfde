// The authorization endpoint (RFC 6749 4.1.1, 4.1.2): the consent page on GET, the decision POSTed back by its form,
// and the redirect with `code`, `state` and `iss` (RFC 9207), or with an error once the redirect URI is known good.
import type { HandlerEnv, EmuResponse } from '../types.js'
import { consentPage, errorPage, redirect } from './pages.js'
import { checkAuthorize, withParams } from './request.js'
import { codeTtlMs, newToken, oauthScope } from './tokens.js'

/** Answers an authorization request (GET from the browser, or the consent form POSTed back). */
export function authorize(p: URLSearchParams, env: HandlerEnv, decision: string | undefined, iss: string): EmuResponse {
  const check = checkAuthorize(p, env.state, [oauthScope], iss)
  if (check.kind === 'page-error') return errorPage(400, check.message)
  if (check.kind === 'redirect-error') {
    const { error, description, state } = check
    return redirect(withParams(check.redirectUri, { error, error_description: description, state, iss }))
  }
  const r = check.request
  if (decision === undefined) {
    const fields: Record<string, string> = {}
    for (const [k, v] of p) if (k !== 'decision') fields[k] = v
    return consentPage({
      clientName: r.client.client_name,
      account: env.state.accountId,
      redirectUri: r.redirectUri,
      scope: r.scope,
      fields,
    })
  }
  if (decision === 'deny') {
    return redirect(withParams(r.redirectUri, { error: 'access_denied', state: r.state, iss }))
  }
  if (decision !== 'approve') return errorPage(400, 'decision must be approve or deny')
  const code = newToken('code')
  env.state.oauthTokens.set(code, {
    token: code,
    kind: 'code',
    clientId: r.client.client_id,
    accountId: env.state.accountId,
    scope: r.scope,
    expiresAt: env.now() + codeTtlMs,
    codeChallenge: r.codeChallenge,
    ...(r.redirectUriGiven ? { redirectUri: r.redirectUri } : {}),
    ...(r.resource !== undefined ? { resource: r.resource } : {}),
  })
  return redirect(withParams(r.redirectUri, { code, state: r.state, iss }))
}
