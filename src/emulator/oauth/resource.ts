// The one protected resource of the emulator, {base_url} (wire.md OAuth): its metadata (RFC 9728 2, 3) and the
// `resource` parameter of authorization and token requests (RFC 8707 2): an absolute URI without a fragment that
// names this server's {base_url}; anything else is `invalid_target`.
import { basePathSuffix, routes, urlFor } from '../../api/routes.js'
import { OAuthError } from './errors.js'
import { oauthScope } from './tokens.js'

/** The resource identifier of the API served at `origin`: its {base_url}. */
function resourceOf(origin: string): string {
  return origin + basePathSuffix
}

/** RFC 9728 3.1: where the metadata of the resource lives (the well-known suffix inserted before the path). */
export function resourceMetadataUrl(origin: string): string {
  return urlFor(origin, routes.oauthProtectedResourceApi)
}

/** The protected resource metadata (RFC 9728 2): the resource and the origin as its authorization server. */
export function protectedResourceMetadata(origin: string): Record<string, unknown> {
  return {
    resource: resourceOf(origin),
    authorization_servers: [origin],
    scopes_supported: [oauthScope],
    bearer_methods_supported: ['header'],
    resource_name: 'agentry emulator API',
  }
}

/**
 * The checked `resource` of a request (RFC 8707 2), or undefined when absent. Only this server's {base_url} (with or
 * without a trailing slash) is a resource here; the description never repeats the value (RFC 6749 5.2).
 */
export function checkedResource(value: string | null | undefined, origin: string): string | undefined {
  if (value === null || value === undefined) return undefined
  let u: URL
  try {
    u = new URL(value)
  } catch {
    throw new OAuthError('invalid_target', 'resource must be an absolute URI (RFC 8707)')
  }
  if (value.includes('#')) throw new OAuthError('invalid_target', 'resource must not contain a fragment (RFC 8707)')
  const own = resourceOf(origin)
  if (u.toString().replace(/\/+$/, '') !== own) {
    throw new OAuthError('invalid_target', 'resource names no API of this server; use its base URL')
  }
  return own
}

/** The resource a token request asks for must be the one already granted (RFC 8707 2.2), or none. */
export function narrowedResource(asked: string | undefined, granted: string | undefined): string | undefined {
  if (asked === undefined || asked === granted) return granted
  if (granted === undefined) return asked
  throw new OAuthError('invalid_target', 'resource differs from the one of the authorization request')
}
