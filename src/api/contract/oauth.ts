// The OAuth family (wire.md "OAuth"; RFC 8414, 7591, 6749, 8628, 9728): the answers the client reads. Requests are
// forms and redirects defined by the RFCs; the emulator checks them in its OAuth handlers (src/emulator/oauth).
import {
  deviceAuthorizationSchema,
  oauthClientSchema,
  oauthMetadataSchema,
  protectedResourceSchema,
  tokenResponseSchema,
} from '../schemas/oauth.js'
import { type Contract, op } from './types.js'

/** OAuth. The token and device endpoints are reached at the URLs the metadata names; their answers are these. */
export const oauth = {
  oauthMetadata: op('GET', '/.well-known/oauth-authorization-server', {
    root: 'origin',
    response: oauthMetadataSchema,
    doc: "The authorization server's metadata (RFC 8414).",
    command: 'login, oauth login',
  }),
  oauthRegister: op('POST', '/oauth/register', {
    root: 'origin',
    response: oauthClientSchema,
    idempotent: false,
    doc: 'Registers a public client (RFC 7591).',
    command: 'oauth register',
  }),
  oauthAuthorize: op('GET', '/oauth/authorize', {
    root: 'origin',
    doc: "The authorization page the browser opens (RFC 6749 4.1; the emulator's consent page).",
    command: 'login, oauth login',
  }),
  oauthAuthorizeDecision: op('POST', '/oauth/authorize', {
    root: 'origin',
    doc: "The consent page's answer (the emulator's).",
  }),
  oauthToken: op('POST', '/oauth/token', {
    root: 'origin',
    response: tokenResponseSchema,
    idempotent: false,
    doc: 'Exchanges a code, a device code or a refresh token for tokens (form-encoded).',
    command: 'login, oauth login, oauth refresh',
  }),
  oauthRevoke: op('POST', '/oauth/revoke', {
    root: 'origin',
    doc: 'Revokes a token (RFC 7009).',
    command: 'logout, oauth logout',
  }),
  // RFC 8628 device authorization, its user-code page, and RFC 9728 protected resource metadata
  oauthDeviceAuthorization: op('POST', '/oauth/device_authorization', {
    root: 'origin',
    response: deviceAuthorizationSchema,
    idempotent: false,
    doc: 'Starts a device authorization (RFC 8628).',
    command: 'login',
  }),
  oauthDevicePage: op('GET', '/oauth/device', {
    root: 'origin',
    doc: "The user-code page of a device authorization (the emulator's).",
  }),
  oauthDeviceDecision: op('POST', '/oauth/device', {
    root: 'origin',
    doc: "The user-code page's answer (the emulator's).",
  }),
  oauthProtectedResource: op('GET', '/.well-known/oauth-protected-resource', {
    root: 'origin',
    response: protectedResourceSchema,
    doc: 'Protected resource metadata (RFC 9728) at the origin.',
    command: 'login',
  }),
  oauthProtectedResourceApi: op('GET', '/.well-known/oauth-protected-resource/api/v1beta', {
    root: 'origin',
    response: protectedResourceSchema,
    doc: 'Protected resource metadata (RFC 9728) for {base_url}.',
    command: 'login',
  }),
} satisfies Contract<'oauth'>
