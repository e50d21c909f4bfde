// Dynamic client registration (RFC 7591 2, 3.2): public native clients only (RFC 8252 8.4), with redirect URIs
// checked by ./request.ts. A client asking for another token_endpoint_auth_method (the MCP SDK's example asks for
// client_secret_post) is registered as public and told so in the answer (RFC 7591 3.2.1: the server may replace
// requested metadata values). Errors use the RFC 7591 3.2.2 format, with RFC 6749's characters only.
import { randomBytes } from 'node:crypto'
import type { OAuthClient } from '../state.js'
import type { EmuRequest, EmuResponse, HandlerEnv } from '../types.js'
import { noStore, safeDescription } from './errors.js'
import { redirectUriProblem } from './request.js'
import { oauthScope } from './tokens.js'

/** RFC 8628 7.2: the device grant's registered name. */
export const deviceGrantType = 'urn:ietf:params:oauth:grant-type:device_code'
/** Every grant a client may register for. */
export const grantTypes = ['authorization_code', 'refresh_token', deviceGrantType]

const fail = (error: 'invalid_redirect_uri' | 'invalid_client_metadata', description: string): EmuResponse => ({
  status: 400,
  json: { error, error_description: safeDescription(description) },
  headers: noStore,
})

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

/** Registers a client from its JSON metadata; 201 with the client information response (RFC 7591 3.2.1). */
export function registerClient(req: EmuRequest, env: HandlerEnv): EmuResponse {
  const m = req.body
  if (typeof m !== 'object' || m === null || Array.isArray(m)) {
    return fail('invalid_client_metadata', 'the body must be a JSON object of client metadata')
  }
  const meta = m as Record<string, unknown>
  const grants = meta.grant_types ?? ['authorization_code', 'refresh_token']
  if (!isStringArray(grants) || grants.length === 0 || grants.some((g) => !grantTypes.includes(g))) {
    return fail('invalid_client_metadata', `grant_types must be among ${grantTypes.join(', ')}`)
  }
  const uris = meta.redirect_uris ?? []
  // RFC 8628 clients need no redirect URI; code clients need one at least.
  if (!isStringArray(uris) || (uris.length === 0 && grants.includes('authorization_code'))) {
    return fail('invalid_redirect_uri', 'redirect_uris must be a non-empty array of URIs')
  }
  for (const uri of uris) {
    const problem = redirectUriProblem(uri)
    if (problem !== undefined) return fail('invalid_redirect_uri', problem)
  }
  if (meta.token_endpoint_auth_method !== undefined && typeof meta.token_endpoint_auth_method !== 'string') {
    return fail('invalid_client_metadata', 'token_endpoint_auth_method must be a string')
  }
  const responseTypes = meta.response_types ?? (grants.includes('authorization_code') ? ['code'] : [])
  if (!isStringArray(responseTypes) || responseTypes.some((t) => t !== 'code')) {
    return fail('invalid_client_metadata', 'response_types must be code')
  }
  const name = meta.client_name ?? 'OAuth client'
  if (typeof name !== 'string' || name.length > 200) {
    return fail('invalid_client_metadata', 'client_name must be a string of at most 200 characters')
  }
  const asked = meta.scope ?? oauthScope
  if (typeof asked !== 'string') return fail('invalid_client_metadata', 'scope must be a string')
  // RFC 7591 2: the server may register a narrower scope than asked; the one scope on offer is what a client gets.
  const scope = oauthScope
  const issuedAt = Math.floor(env.now() / 1000)
  const client: OAuthClient = {
    client_id: `agcl_${randomBytes(12).toString('base64url')}`,
    client_name: name,
    redirect_uris: [...uris],
    scope,
    token_endpoint_auth_method: 'none',
    createdAt: new Date(env.now()).toISOString(),
  }
  env.state.oauthClients.set(client.client_id, client)
  return {
    status: 201,
    json: {
      client_id: client.client_id,
      client_id_issued_at: issuedAt,
      client_name: name,
      redirect_uris: client.redirect_uris,
      grant_types: grants,
      response_types: responseTypes,
      token_endpoint_auth_method: 'none',
      scope,
    },
    headers: noStore,
  }
}
