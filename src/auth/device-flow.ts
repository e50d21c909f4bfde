// The device's side of the device authorization grant (RFC 8628): ask for the codes (3.1), then poll the token
// endpoint (3.4, 3.5) at the interval the server gave, keep polling on authorization_pending, add 5 seconds for every
// slow_down, and stop on access_denied, expired_token or when the device code's lifetime is over.
import { setTimeout as sleep } from 'node:timers/promises'
import type { HttpClient } from '../api/request.js'
import type * as z from '../api/zod.js'
import type { TokenResponse, deviceAuthorizationSchema } from '../api/schemas/index.js'
import { CancelledError, CliError, ExitCode, TimeoutError } from '../errors.js'
import { deviceGrantType, type OAuthMetadata, oauthErrorCode, postForm } from './oauth.js'

/** A device authorization response (RFC 8628 3.2). */
export type DeviceAuthorization = z.infer<typeof deviceAuthorizationSchema>

/** RFC 8628 3.1: asks for a device code and a user code. */
export function requestDeviceCode(
  http: HttpClient,
  meta: OAuthMetadata,
  p: { clientId: string; scope?: string | undefined; resource?: string | undefined },
): Promise<DeviceAuthorization> {
  const endpoint = meta.device_authorization_endpoint
  if (!endpoint)
    throw new CliError(`the OAuth server ${meta.issuer} does not offer device authorization (RFC 8628)`, {
      exitCode: ExitCode.auth,
      hint: 'use agentry login --no-browser and paste the address the browser ends on',
    })
  return postForm(
    http,
    endpoint,
    {
      client_id: p.clientId,
      ...(p.scope ? { scope: p.scope } : {}),
      ...(p.resource ? { resource: p.resource } : {}),
    },
    'oauthDeviceAuthorization',
  )
}

/** What the poll needs besides the device authorization. */
export interface DevicePollOptions {
  http: HttpClient
  tokenEndpoint: string
  clientId: string
  signal: AbortSignal
  /** the clock, ms (a seam for tests) */
  now: () => number
  /** called when the server asks to slow down, with the new interval in seconds */
  onSlowDown?: (seconds: number) => void
  /** waits `ms` (a seam for tests; default: a timer that the signal cancels) */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

const timerSleep = (ms: number, signal: AbortSignal) => sleep(ms, undefined, { signal })

/** Polls until the user approves (the tokens), denies, or the code expires. */
export async function pollDeviceToken(d: DeviceAuthorization, o: DevicePollOptions): Promise<TokenResponse> {
  // RFC 8628 3.2: 5 seconds when the server names no interval.
  let interval = d.interval ?? 5
  const deadline = o.now() + d.expires_in * 1000
  const form = { grant_type: deviceGrantType, device_code: d.device_code, client_id: o.clientId }
  for (;;) {
    try {
      await (o.sleep ?? timerSleep)(interval * 1000, o.signal)
    } catch {
      throw new CancelledError('login cancelled')
    }
    if (o.now() >= deadline) throw expired()
    try {
      return await postForm(o.http, o.tokenEndpoint, form, 'oauthToken')
    } catch (err) {
      const code = oauthErrorCode(err)
      if (code === 'authorization_pending') continue
      if (code === 'slow_down') {
        interval += 5
        o.onSlowDown?.(interval)
        continue
      }
      if (code === 'access_denied')
        throw new CliError('the login was denied on the verification page', {
          exitCode: ExitCode.auth,
          hint: 'run agentry login --device again and approve the code',
        })
      if (code === 'expired_token') throw expired()
      if (code !== undefined)
        throw new CliError(`the OAuth server refused the device login (${code})`, {
          exitCode: ExitCode.auth,
          hint: 'run agentry login --device again',
          cause: err,
        })
      throw err
    }
  }
}

function expired(): TimeoutError {
  return new TimeoutError('the device code expired before it was approved', 'run agentry login --device again')
}
