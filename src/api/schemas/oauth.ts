// OAuth bodies (RFC 8414, 7591, 6749; wire.md, OAuth).
import * as z from '../zod.js'

export const oauthMetadataSchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.optional(z.string()),
  revocation_endpoint: z.optional(z.string()),
  scopes_supported: z.optional(z.array(z.string())),
  code_challenge_methods_supported: z.optional(z.array(z.string())),
  grant_types_supported: z.optional(z.array(z.string())),
  /** RFC 8628 4 */
  device_authorization_endpoint: z.optional(z.string()),
  /** RFC 9207 3: the authorization response carries `iss`, which the client must check */
  authorization_response_iss_parameter_supported: z.optional(z.boolean()),
})
/** RFC 8628 3.2: the device authorization response. */
export const deviceAuthorizationSchema = z.looseObject({
  device_code: z.string().check(z.minLength(1)),
  user_code: z.string().check(z.minLength(1)),
  verification_uri: z.string().check(z.minLength(1)),
  verification_uri_complete: z.optional(z.string()),
  expires_in: z.number().check(z.positive()),
  interval: z.optional(z.number().check(z.positive())),
})
export const oauthClientSchema = z.looseObject({
  client_id: z.string(),
  client_secret: z.optional(z.string()),
  redirect_uris: z.optional(z.array(z.string())),
})
/** RFC 9728 2: protected resource metadata (`resource` is the resource's identifier). */
export const protectedResourceSchema = z.looseObject({
  resource: z.string(),
  authorization_servers: z.optional(z.array(z.string())),
})
export const tokenResponseSchema = z.looseObject({
  access_token: z.string(),
  token_type: z.optional(z.string()),
  expires_in: z.optional(z.number()),
  refresh_token: z.optional(z.string()),
  scope: z.optional(z.string()),
  account_id: z.optional(z.string()),
})
export type TokenResponse = z.infer<typeof tokenResponseSchema>
