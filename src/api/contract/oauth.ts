// The OAuth family (wire.md "OAuth"; RFC 8414, 7591, 6749, 8628, 9728): the answers the client reads. Requests are
// forms and redirects defined by the RFCs; the emulator checks them in its OAuth handlers (src/emulator/oauth).
import {
  deviceAuthorizationSchema,
  oauthClientSchema,
  oauthMetadataSchema,
  protectedResourceSchema,
  tokenResponseSchema,
} from '../schemas/oauth.js'
import type { Contract } from './types.js'

/** OAuth. The token and device endpoints are reached at the URLs the metadata names; their answers are these. */
export const oauth = {
  oauthMetadata: { response: oauthMetadataSchema },
  oauthRegister: { response: oauthClientSchema, idempotent: false },
  oauthAuthorize: {},
  oauthAuthorizeDecision: {},
  oauthToken: { response: tokenResponseSchema, idempotent: false },
  oauthRevoke: {},
  oauthDeviceAuthorization: { response: deviceAuthorizationSchema, idempotent: false },
  oauthDevicePage: {},
  oauthDeviceDecision: {},
  oauthProtectedResource: { response: protectedResourceSchema },
  oauthProtectedResourceApi: { response: protectedResourceSchema },
} satisfies Contract<'oauth'>
