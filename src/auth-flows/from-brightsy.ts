// `agentry login --from-brightsy`: takes the session the official `brightsy` CLI keeps (public-facts row 10: the
// file `$BRIGHTSY_CONFIG`, else ~/.brightsy/config.json, holding `{access_token, refresh_token?, account_id,
// account_slug?, endpoint?, expires_at? (ms), oauth_client_id?}`; `endpoint` is the service's origin, default
// https://brightsy.ai) and stores it as the run's profile's OAuth grant. Read only when asked for: agentry never
// looks at that file on its own. The token goes from file to file; no message names it.
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { serviceBaseUrl } from '../api/service-url.js'
import type { OAuthGrant } from '../config/schema.js'
import { updateConfig } from '../config/store.js'
import type { Context } from '../context.js'
import { DeclinedError, UsageError } from '../errors.js'
import { readArgText } from '../io/arg-file.js'
import { isRecord } from '../api/is-record.js'
import { storeLogin } from './common.js'

/** The hosts a plain http:// endpoint may name: this machine's (RFC 8252 8.3's loopback). */
const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost'])

/** The service's own origin: a session for any other server is shown, and confirmed on a terminal, before it is trusted. */
const serviceOrigin = new URL(serviceBaseUrl).origin

/** The session file is a few hundred bytes; anything near this is not one. */
const sessionFileLimit = 64 * 1024

/**
 * The client id a refresh names when the file has none: the one the official tools' own refresh of this file falls
 * back to (mattlevine/sideboard packages/core/src/brightsy/oauth.ts, BRIGHTSY_OAUTH_CLIENT_ID).
 */
const officialFallbackClientId = 'sideboard'

/** Where the official CLI keeps its session: $BRIGHTSY_CONFIG, else ~/.brightsy/config.json. */
export function brightsySessionPath(env: NodeJS.ProcessEnv): string {
  const override = env.BRIGHTSY_CONFIG?.trim()
  return override || join(env.HOME || homedir(), '.brightsy', 'config.json')
}

/** The grant and base URL a session file holds; a usage error naming the member (never its value) when it cannot. */
export function grantOfSession(data: unknown, path: string): { grant: OAuthGrant; baseUrl: string } {
  if (!isRecord(data)) throw notASession(path, 'it is not a JSON object')
  const text = (k: string): string | undefined => {
    const v = data[k]
    if (v === undefined || v === null || v === '') return undefined
    if (typeof v !== 'string') throw notASession(path, `${k} is not a string`)
    return v
  }
  const accessToken = text('access_token')
  const accountId = text('account_id')
  if (!accessToken || !accountId)
    throw notASession(path, `it has no ${accessToken ? 'account_id' : 'access_token'}`, 'run `brightsy login` first')
  const endpoint = text('endpoint') ?? new URL(serviceBaseUrl).origin
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol))
    throw notASession(path, 'its endpoint is not an http(s) URL')
  const origin = new URL(endpoint).origin
  // the refresh token and the bearer would travel in clear to another machine
  if (new URL(endpoint).protocol === 'http:' && !loopbackHosts.has(new URL(endpoint).hostname))
    throw new UsageError(
      `${path}: its endpoint ${origin} is plain http:// on a host that is not this machine; the session's tokens would travel in clear`,
      'use an https:// endpoint (plain http is taken for 127.0.0.1, ::1 and localhost only)',
    )
  const expires = data.expires_at
  if (expires !== undefined && (typeof expires !== 'number' || !Number.isFinite(expires)))
    throw notASession(path, 'expires_at is not a time in milliseconds')
  const refreshToken = text('refresh_token')
  const grant: OAuthGrant = {
    accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    ...(typeof expires === 'number' ? { expiresAt: expires } : {}),
    clientId: text('oauth_client_id') ?? officialFallbackClientId,
    issuer: origin,
    tokenEndpoint: `${origin}/oauth/token`,
    revocationEndpoint: `${origin}/oauth/revoke`,
    accountId,
  }
  return { grant, baseUrl: `${origin}/api/v1beta` }
}

function notASession(
  path: string,
  why: string,
  hint = 'log in with `brightsy login`, or use `agentry login`',
): UsageError {
  return new UsageError(`${path} is not a brightsy session: ${why}`, hint)
}

/**
 * A session for a server other than the service is said before its tokens are trusted to it, and on a terminal the
 * user confirms it (a no imports nothing, exit 0).
 */
async function trustEndpoint(ctx: Context, path: string, baseUrl: string): Promise<void> {
  const origin = new URL(baseUrl).origin
  if (origin === serviceOrigin) return
  ctx.warn(`${path} names the server ${origin}, not the service (${serviceOrigin}); its tokens will be sent there`)
  if (!ctx.io.canPrompt()) return
  const prompter = await ctx.prompter('--from-brightsy')
  if (!(await prompter.confirm(`Import this session and send its tokens to ${origin}?`, { default: false })))
    throw new DeclinedError('not imported')
}

/** Imports the official CLI's session into the run's profile. */
export async function fromBrightsyRun(ctx: Context): Promise<void> {
  const path = brightsySessionPath(ctx.env)
  if (!existsSync(path))
    throw new UsageError(
      `no brightsy session at ${path}`,
      'log in with `brightsy login` first, or name the file with BRIGHTSY_CONFIG=<path>',
    )
  // a FIFO, device or directory is refused at once: never a read that waits for a writer that may never come
  const text = await readArgText(path, `--from-brightsy ${path}`, sessionFileLimit, { regularOnly: true })
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw notASession(path, 'it is not JSON')
  }
  const { grant, baseUrl } = grantOfSession(data, path)
  const settings = await ctx.settings()
  if (settings.baseUrl?.source === 'flag' && settings.baseUrl.value !== baseUrl)
    throw new UsageError(
      `the brightsy session belongs to ${baseUrl}, not ${settings.baseUrl.value}`,
      'leave out --base-url (the session names its server)',
    )
  await trustEndpoint(ctx, path, baseUrl)
  const profile = ctx.profile().value
  // the session's server goes into the profile when it is not the default one (a later run must reach it)
  if (baseUrl !== serviceBaseUrl)
    await updateConfig(ctx.configDir(), (cfg) => {
      cfg.profiles[profile] = { ...cfg.profiles[profile], baseUrl }
    })
  await storeLogin(ctx, profile, grant, baseUrl)
  ctx.info(`imported from ${path} (the brightsy CLI keeps its own copy; agentry refreshes its copy on its own)`)
}
