// Dynamic client registration (RFC 7591 2, 3.2): public native clients only (token_endpoint_auth_method "none",
// RFC 8252 8.4), with redirect URIs checked by ./oauth-request.ts. Errors use the RFC 7591 3.2.2 format.
import { randomBytes } from 'node:crypto'
import { redirectUriProblem } from './oauth-request.js'
import { oauthScope } from './oauth-tokens.js'
import type { OAuthClient } from './state.js'
import type { EmuRequest, EmuResponse, HandlerEnv } from './types.js'

const grantTypes = ['authorization_code', 'refresh_token']

const fail = (error: 'invalid_redirect_uri' | 'invalid_client_metadata', description: string): EmuResponse => ({
  status: 400,
  json: { error, error_description: description },
  headers: { 'cache-control': 'no-store' },
})

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

/** Registers a client from its JSON metadata; 201 with the client information response (RFC 7591 3.2.1). */
export function registerClient(req: EmuRequest, env: HandlerEnv): EmuResponse {
  const m = req.body
  if (typeof m !== 'object' || m === null || Array.isArray(m)) {
    return fail('invalid_client_metadata', 'the body must be a JSON object of client metadata')
  }
  const meta = m as Record<string, unknown>
  const uris = meta.redirect_uris
  if (!isStringArray(uris) || uris.length === 0) {
    return fail('invalid_redirect_uri', 'redirect_uris must be a non-empty array of URIs')
  }
  for (const uri of uris) {
    const problem = redirectUriProblem(uri)
    if (problem !== undefined) return fail('invalid_redirect_uri', problem)
  }
  const method = meta.token_endpoint_auth_method ?? 'none'
  if (method !== 'none') {
    return fail('invalid_client_metadata', 'token_endpoint_auth_method must be "none": only public clients register')
  }
  const grants = meta.grant_types ?? grantTypes
  if (!isStringArray(grants) || !grants.includes('authorization_code') || grants.some((g) => !grantTypes.includes(g))) {
    return fail('invalid_client_metadata', `grant_types must include authorization_code and be among ${grantTypes}`)
  }
  const responseTypes = meta.response_types ?? ['code']
  if (!isStringArray(responseTypes) || responseTypes.some((t) => t !== 'code')) {
    return fail('invalid_client_metadata', 'response_types must be ["code"]')
  }
  const name = meta.client_name ?? 'OAuth client'
  if (typeof name !== 'string' || name.length > 200) {
    return fail('invalid_client_metadata', 'client_name must be a string of at most 200 characters')
  }
  const scope = meta.scope ?? oauthScope
  if (typeof scope !== 'string' || scope.split(/\s+/).some((s) => s !== oauthScope)) {
    return fail('invalid_client_metadata', `scope must be ${oauthScope}`)
  }
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
    headers: { 'cache-control': 'no-store' },
  }
}
