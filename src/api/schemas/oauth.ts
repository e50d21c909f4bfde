// OAuth bodies (RFC 8414, 7591, 6749; wire.md, OAuth).
import * as z from 'zod'

export const oauthMetadataSchema = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string().optional(),
    revocation_endpoint: z.string().optional(),
    scopes_supported: z.array(z.string()).optional(),
    code_challenge_methods_supported: z.array(z.string()).optional(),
    grant_types_supported: z.array(z.string()).optional(),
    /** RFC 8628 4 */
    device_authorization_endpoint: z.string().optional(),
    /** RFC 9207 3: the authorization response carries `iss`, which the client must check */
    authorization_response_iss_parameter_supported: z.boolean().optional(),
  })
  .loose()
/** RFC 8628 3.2: the device authorization response. */
export const deviceAuthorizationSchema = z
  .object({
    device_code: z.string().min(1),
    user_code: z.string().min(1),
    verification_uri: z.string().min(1),
    verification_uri_complete: z.string().optional(),
    expires_in: z.number().positive(),
    interval: z.number().positive().optional(),
  })
  .loose()
export const oauthClientSchema = z
  .object({
    client_id: z.string(),
    client_secret: z.string().optional(),
    redirect_uris: z.array(z.string()).optional(),
  })
  .loose()
export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.string().optional(),
    expires_in: z.number().optional(),
    refresh_token: z.string().optional(),
    scope: z.string().optional(),
    account_id: z.string().optional(),
  })
  .loose()
export type TokenResponse = z.infer<typeof tokenResponseSchema>
