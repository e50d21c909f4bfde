// The OAuth family (wire.md "OAuth"; RFC 8414, 7591, 6749, 8628, 9728): the answers the client reads. Requests are
// forms and redirects defined by the RFCs; the emulator checks them in its OAuth handlers (src/emulator/oauth).
import {
  deviceAuthorizationSchema,
  oauthClientSchema,
  oauthMetadataSchema,
  protectedResourceSchema,
  tokenResponseSchema,
} from '../schemas/oauth.js'
import { type Contract, documented, inferred, ours, op } from './types.js'

/** OAuth. The token and device endpoints are reached at the URLs the metadata names; their answers are these. */
export const oauth = {
  oauthMetadata: op('GET', '/.well-known/oauth-authorization-server', {
    provenance: inferred(
      '"OAuth 2.1 with auto-discovery" (brightsy.ai/docs/mcp/index) and RFC 8414; its contents are not shown (the client falls back to /oauth/* when it is missing)',
    ),
    root: 'origin',
    response: oauthMetadataSchema,
    doc: "The authorization server's metadata (RFC 8414).",
    command: 'login, oauth login',
  }),
  oauthRegister: op('POST', '/oauth/register', {
    provenance: documented(
      'sideboard packages/core/src/brightsy/oauth.ts (POST {endpoint}/oauth/register, RFC 7591, scope brightsy:api)',
    ),
    root: 'origin',
    response: oauthClientSchema,
    idempotent: false,
    doc: 'Registers a public client (RFC 7591).',
    command: 'oauth register',
  }),
  oauthAuthorize: op('GET', '/oauth/authorize', {
    provenance: inferred(
      'the /oauth/ family of register and token (sideboard packages/core/src/brightsy/oauth.ts); not shown itself',
    ),
    root: 'origin',
    doc: "The authorization page the browser opens (RFC 6749 4.1; the emulator's consent page).",
    command: 'login, oauth login',
  }),
  oauthAuthorizeDecision: op('POST', '/oauth/authorize', {
    provenance: ours("the emulator's consent page"),
    root: 'origin',
    doc: "The consent page's answer (the emulator's).",
  }),
  oauthToken: op('POST', '/oauth/token', {
    provenance: documented(
      'sideboard packages/core/src/brightsy/oauth.ts, api.ts (POST {endpoint}/oauth/token, form-encoded refresh_token grant)',
    ),
    root: 'origin',
    response: tokenResponseSchema,
    idempotent: false,
    doc: "Exchanges a code, a device code or a refresh token for tokens (form-encoded); and a login's access token for tokens of another of its accounts (`teams switch`: an RFC 8693 token exchange naming `account_id`, ours: the official CLI mints a token per team, sideboard connected-teams.ts, by a grant not shown).",
    command: 'login, oauth login, oauth refresh, teams switch',
  }),
  oauthRevoke: op('POST', '/oauth/revoke', {
    provenance: inferred(
      'the /oauth/ family of register and token (sideboard packages/core/src/brightsy/oauth.ts) and RFC 7009; not shown itself',
    ),
    root: 'origin',
    doc: 'Revokes a token (RFC 7009).',
    command: 'logout, oauth logout',
  }),
  // RFC 8628 device authorization, its user-code page, and RFC 9728 protected resource metadata
  oauthDeviceAuthorization: op('POST', '/oauth/device_authorization', {
    provenance: ours('RFC 8628; no source shows a device flow'),
    root: 'origin',
    response: deviceAuthorizationSchema,
    idempotent: false,
    doc: 'Starts a device authorization (RFC 8628).',
    command: 'login',
  }),
  oauthDevicePage: op('GET', '/oauth/device', {
    provenance: ours("the emulator's"),
    root: 'origin',
    doc: "The user-code page of a device authorization (the emulator's).",
  }),
  oauthDeviceDecision: op('POST', '/oauth/device', {
    provenance: ours("the emulator's"),
    root: 'origin',
    doc: "The user-code page's answer (the emulator's).",
  }),
  oauthProtectedResource: op('GET', '/.well-known/oauth-protected-resource', {
    provenance: inferred('"auto-discovery" (brightsy.ai/docs/mcp/index) and RFC 9728; not shown'),
    root: 'origin',
    response: protectedResourceSchema,
    doc: 'Protected resource metadata (RFC 9728) at the origin.',
    command: 'login',
  }),
  oauthProtectedResourceApi: op('GET', '/.well-known/oauth-protected-resource/api/v1beta', {
    provenance: inferred('"auto-discovery" (brightsy.ai/docs/mcp/index) and RFC 9728; not shown'),
    root: 'origin',
    response: protectedResourceSchema,
    doc: 'Protected resource metadata (RFC 9728) for {base_url}.',
    command: 'login',
  }),
} satisfies Contract<'oauth'>
