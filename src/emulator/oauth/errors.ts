// OAuth error answers of the emulator's authorization server: RFC 6749 5.2 bodies whose `error_description` keeps
// to the characters RFC 6749 allows (%x20-21 / %x23-5B / %x5D-7E) and never echoes raw input, and the
// `WWW-Authenticate` header an `invalid_client` 401 must carry (RFC 6749 5.2). Form bodies are parsed here too.
import type { EmuRequest, EmuResponse } from '../types.js'

/** Headers of every token-endpoint style answer (RFC 6749 5.1: no caching of tokens or errors). */
export const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' }

/** The challenge of an `invalid_client` 401 (RFC 6749 5.2; public clients would use Basic if they authenticated). */
const clientChallenge = 'Basic realm="agentry-emulator", error="invalid_client"'

/** RFC 6749 5.2: `error_description` is %x20-21 / %x23-5B / %x5D-7E; anything else becomes a space. */
export function safeDescription(text: string): string {
  return text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, ' ').slice(0, 300)
}

/** An RFC 6749 5.2 error: `{error, error_description}` with 400, or 401 for invalid_client. */
export class OAuthError extends Error {
  readonly description: string
  constructor(
    readonly error: string,
    description: string,
    readonly status = 400,
  ) {
    const safe = safeDescription(description)
    super(safe)
    this.description = safe
  }
}

/** An RFC 6749 5.2 error body (401 invalid_client carries WWW-Authenticate). */
export function oauthErrorResponse(e: OAuthError): EmuResponse {
  const headers: Record<string, string> =
    e.status === 401 ? { ...noStore, 'www-authenticate': clientChallenge } : { ...noStore }
  return { status: e.status, json: { error: e.error, error_description: e.description }, headers }
}

/** Runs an OAuth endpoint: an OAuthError becomes its RFC 6749 5.2 answer; a grant becomes a no-store 200. */
export function oauthAnswer(fn: () => unknown): EmuResponse {
  try {
    return { status: 200, json: fn(), headers: noStore }
  } catch (e) {
    if (e instanceof OAuthError) return oauthErrorResponse(e)
    throw e
  }
}

/** The form parameters of a request (RFC 6749 3.2: application/x-www-form-urlencoded, no repeated parameter). */
export function formParams(req: EmuRequest): URLSearchParams {
  const type = String(req.headers['content-type'] ?? '')
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    throw new OAuthError('invalid_request', 'the body must be application/x-www-form-urlencoded')
  }
  const p = new URLSearchParams(req.rawBody.toString('utf8'))
  if (repeatedParameter(p)) throw new OAuthError('invalid_request', 'a parameter is repeated')
  return p
}

/** Whether a parameter appears twice (RFC 6749 3.1, 3.2: parameters must not be included more than once). */
export function repeatedParameter(p: URLSearchParams): boolean {
  for (const name of new Set(p.keys())) if (p.getAll(name).length > 1) return true
  return false
}

/**
 * The client_id of a request, from the form. Every client of this server is public (token_endpoint_auth_method
 * "none"): it is identified, never authenticated, so a request that authenticates anyway (HTTP Basic, RFC 6749
 * 2.3.1, or a client_secret in the form) is a failed client authentication: invalid_client, 401 (RFC 6749 5.2).
 */
export function requestClientId(req: EmuRequest, p: URLSearchParams): string | undefined {
  if (/^basic(\s|$)/i.test(String(req.headers.authorization ?? '')) || p.has('client_secret'))
    throw new OAuthError(
      'invalid_client',
      'client authentication failed: the client is public (token_endpoint_auth_method none) and must send client_id alone, without a secret',
      401,
    )
  return p.get('client_id') ?? undefined
}
