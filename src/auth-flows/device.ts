// `agentry login --device`: the device authorization grant (RFC 8628) for machines without a browser, where the
// server advertises it. Prints where to go and the code to type (on stderr, always), polls at the server's interval
// (slower after slow_down), and stores the grant like the browser login.
import { pollDeviceToken, requestDeviceCode } from '../auth/device-flow.js'
import { chooseScope, deviceGrantType, discover, grantFromTokens, oauthErrorCode, oauthHttp } from '../auth/oauth.js'
import { resourceIndicator } from '../auth/resource-indicator.js'
import { checkedProfileName } from '../config/resolve.js'
import type { OAuthGrant } from '../config/schema.js'
import type { Context } from '../context.js'
import { CliError, ExitCode } from '../errors.js'
import { baseUrlOf } from '../config/resolve.js'
import { forgetClient, obtainClient, storeLogin } from './common.js'

/** Runs the device login for the run's profile and stores the grant. */
export async function deviceLoginRun(ctx: Context, opts: { scope?: string | undefined }): Promise<OAuthGrant> {
  const profile = await checkedProfileName(ctx.profile())
  const baseUrl = baseUrlOf(await ctx.settings())
  const http = await oauthHttp(ctx)
  const meta = await discover(http, baseUrl)
  if (!meta.device_authorization_endpoint)
    throw new CliError(`the OAuth server ${meta.issuer} does not offer device authorization (RFC 8628)`, {
      exitCode: ExitCode.auth,
      hint: 'use agentry login --no-browser, open the URL anywhere and paste the address the browser ends on',
    })
  const scope = opts.scope ?? chooseScope(meta)
  const resource = await resourceIndicator(ctx, http, baseUrl)
  const start = async (retry: boolean) => {
    const clientId = await obtainClient(ctx, http, meta, baseUrl, { grant: deviceGrantType, scope })
    try {
      return { clientId, device: await requestDeviceCode(http, meta, { clientId, scope, resource }) }
    } catch (err) {
      // The stored client is gone at the server (a reset emulator, a cleaned-up registration): register anew once.
      if (!retry || oauthErrorCode(err) !== 'invalid_client') throw err
      ctx.debug('oauth: the stored client is unknown to the server; registering a new one')
      await forgetClient(ctx, baseUrl)
      return start(false)
    }
  }
  const { clientId, device } = await start(true)
  ctx.redactor.add(device.device_code)
  // Always printed (even with --quiet): without it nobody can approve the login.
  const complete = device.verification_uri_complete ? `\n  (or open ${device.verification_uri_complete})` : ''
  ctx.io.stderr.write(
    `To log in, open ${device.verification_uri} on any device and enter the code ${device.user_code}${complete}\n`,
  )
  ctx.info(`Waiting for the approval (up to ${Math.round(device.expires_in)} s; Ctrl-C to cancel)…`)
  const tokens = await pollDeviceToken(device, {
    http,
    tokenEndpoint: meta.token_endpoint,
    clientId,
    signal: ctx.abort.signal,
    now: () => ctx.now(),
    onSlowDown: (s) => ctx.debug(`oauth: the server asked to slow down; polling every ${s} s`),
  })
  const base = {
    clientId,
    issuer: meta.issuer,
    tokenEndpoint: meta.token_endpoint,
    revocationEndpoint: meta.revocation_endpoint,
    scope,
  }
  const grant = grantFromTokens(tokens, base, ctx.now())
  ctx.redactor.add(grant.accessToken)
  ctx.redactor.add(grant.refreshToken)
  await storeLogin(ctx, profile, grant, baseUrl)
  return grant
}
