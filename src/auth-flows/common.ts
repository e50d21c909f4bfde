// What the logins share: the OAuth client registered once per base URL (RFC 7591) and
// reused, and storing the result: the credential (saying what it replaces) and the server and account the profile
// now belongs to (`--base-url` / `--account` given with a login are kept in the profile).
import { keyHint } from '../auth/credential.js'
import { loadStoredClient, saveStoredClient } from '../auth/client-store.js'
import { deviceGrantType, type OAuthMetadata, registerClient } from '../auth/oauth.js'
import type { HttpClient } from '../api/request.js'
import { credentialsFile } from '../config/paths.js'
import type { CredentialsData, OAuthGrant } from '../config/schema.js'
import { originOf, updateConfig, updateCredentials } from '../config/store.js'
import type { Context } from '../context.js'

/** The loopback redirect registered once (RFC 8252 7.3: the server accepts any port at authorization time). */
export const loopbackRedirectUri = 'http://127.0.0.1/callback'

/**
 * The client id to log in with: the one registered earlier for this base URL (same issuer, able to use `grant`), or
 * a new public client registered now (for the code flow and, where advertised, the device flow) and stored.
 */
export async function obtainClient(
  ctx: Context,
  http: HttpClient,
  meta: OAuthMetadata,
  baseUrl: string,
  need: { grant: string; scope?: string | undefined },
): Promise<string> {
  const dir = ctx.configDir()
  const stored = await loadStoredClient(dir, baseUrl)
  if (stored && stored.issuer === meta.issuer && stored.grantTypes.includes(need.grant)) {
    ctx.debug(`oauth: reusing the client registered for ${baseUrl}`)
    return stored.clientId
  }
  const device = Boolean(meta.device_authorization_endpoint) || meta.grant_types_supported?.includes(deviceGrantType)
  const grantTypes = ['authorization_code', 'refresh_token', ...(device ? [deviceGrantType] : [])]
  const client = await registerClient(http, meta, {
    redirectUris: [loopbackRedirectUri],
    scope: need.scope,
    grantTypes,
  })
  // RFC 7591 3.2.1: the server may have narrowed what was asked; remember what it granted.
  const answered = (client as { grant_types?: unknown }).grant_types
  const granted = Array.isArray(answered) ? answered.filter((g): g is string => typeof g === 'string') : grantTypes
  const registeredAt = new Date(ctx.now()).toISOString()
  await saveStoredClient(dir, baseUrl, {
    clientId: client.client_id,
    issuer: meta.issuer,
    grantTypes: granted,
    registeredAt,
  })
  return client.client_id
}

/** Forgets the stored client of a base URL (the server no longer knows it). */
export function forgetClient(ctx: Context, baseUrl: string): Promise<void> {
  return saveStoredClient(ctx.configDir(), baseUrl, undefined)
}

/**
 * Writes the server and account a login used into the profile: values given as flags replace what is there; others
 * (environment, token response) only fill what is missing.
 */
export async function rememberServer(ctx: Context, profile: string, accountFromServer?: string): Promise<string> {
  const s = await ctx.settings()
  const baseUrl = s.baseUrl?.value as string | undefined
  const account = (s.account?.value as string | undefined) ?? accountFromServer
  const saved = await updateConfig(ctx.configDir(), (cfg) => {
    const p = { ...cfg.profiles[profile] }
    // the default (the service itself) is not written into a profile: a later change of default reaches it
    if (baseUrl !== undefined && s.baseUrl?.source !== 'default')
      p.baseUrl = s.baseUrl?.source === 'flag' ? baseUrl : (p.baseUrl ?? baseUrl)
    if (account !== undefined) p.account = s.account?.source === 'flag' ? account : (p.account ?? account)
    cfg.profiles[profile] = p
    return p
  })
  const parts = [saved.baseUrl && `base URL ${saved.baseUrl}`, saved.account && `account ${saved.account}`]
  return parts.filter(Boolean).join(', ')
}

/** Stores `entry` as the profile's credential, bound to `origin` (the server it was made for); returns what it replaces. */
export function replaceCredential(
  ctx: Context,
  profile: string,
  entry: CredentialsData['profiles'][string],
  origin: string,
): Promise<CredentialsData['profiles'][string] | undefined> {
  return updateCredentials(
    ctx.configDir(),
    (c) => {
      const before = c.profiles[profile]
      c.profiles[profile] = entry
      return before
    },
    origin,
  )
}

/** Saves an OAuth grant for the profile, saying which stored API key it replaces, and remembers the server. */
export async function storeLogin(ctx: Context, profile: string, grant: OAuthGrant, baseUrl: string): Promise<void> {
  const previous = await replaceCredential(ctx, profile, { oauth: grant }, originOf(baseUrl))
  if (previous?.apiKey)
    ctx.info(`the OAuth login replaces the API key ${keyHint(previous.apiKey)} stored for profile ${profile}`)
  else if (previous?.oauth) {
    const before = previous.oauth.accountId ? ` (account ${previous.oauth.accountId})` : ''
    ctx.info(`the OAuth login replaces the earlier OAuth login${before} stored for profile ${profile}`)
  }
  await rememberServer(ctx, profile, grant.accountId)
  const account = grant.accountId ? `, account ${grant.accountId}` : ''
  ctx.info(
    `Logged in to ${new URL(baseUrl).origin} (profile ${profile}${account}); saved in ${credentialsFile(ctx.configDir())}`,
  )
}
