// `agentry login` / `agentry oauth login`: the OAuth 2.1 flow of a native app (RFC 8252) — discover (RFC 8414), reuse
// or register a public client with a loopback redirect (RFC 7591), open the system browser with a PKCE S256
// authorization request (RFC 7636), take the response from the loopback listener or, with --no-browser, pasted on
// stdin (a browser on another machine), check `state` and `iss` (RFC 9207), exchange the code, store the grant.
// Tokens are asked for the base URL as their resource (RFC 8707) when the server's RFC 9728 metadata names it.
import { randomBytes } from 'node:crypto'
import { startLoopbackListener } from '../auth/loopback.js'
import { authorizationUrl, chooseScope, discover, oauthHttp } from '../auth/oauth.js'
import { readPastedResponse } from '../auth/paste.js'
import { resourceIndicator } from '../auth/resource-indicator.js'
import { createPkcePair } from '../auth/pkce.js'
import { checkedProfileName } from '../config/resolve.js'
import type { OAuthGrant } from '../config/schema.js'
import type { Context } from '../context.js'
import { TimeoutError } from '../errors.js'
import { failurePage, finishLogin, loggedInPage } from './browser-finish.js'
import { baseUrlOf } from '../config/resolve.js'
import { forgetClient, obtainClient, storeLogin } from './common.js'

/** Options of the browser login. */
interface OAuthLoginOptions {
  /** open the system browser (false: only print the URL, and also accept the response pasted on stdin) */
  browser: boolean
  scope?: string | undefined
  /** how long to wait for the browser, in seconds */
  waitSeconds: number
}

/** Runs the browser login for the run's profile and stores the grant. */
export async function oauthLoginRun(ctx: Context, opts: OAuthLoginOptions): Promise<OAuthGrant> {
  const profile = await checkedProfileName(ctx.profile())
  const baseUrl = baseUrlOf(await ctx.settings())
  const http = await oauthHttp(ctx)
  const meta = await discover(http, baseUrl)
  const scope = opts.scope ?? chooseScope(meta)
  const clientId = await obtainClient(ctx, http, meta, baseUrl, { grant: 'authorization_code', scope })
  const resource = await resourceIndicator(ctx, http, baseUrl)
  const listener = await startLoopbackListener()
  // Ends whichever of the loopback wait and the paste reader did not win.
  const done = new AbortController()
  let opened: Promise<void> | undefined
  try {
    const pkce = createPkcePair()
    const state = randomBytes(24).toString('base64url')
    const url = authorizationUrl(meta, {
      clientId,
      redirectUri: listener.redirectUri,
      codeChallenge: pkce.challenge,
      state,
      scope,
      resource,
    })
    // Listen for this state before the browser opens: an already-approved client may call back at once.
    const signal = AbortSignal.any([ctx.abort.signal, done.signal])
    const callback = listener.wait(state, { timeoutMs: opts.waitSeconds * 1000, signal })
    callback.catch(() => {}) // awaited below; this only keeps an early rejection from counting as unhandled
    // Always printed (even with --quiet): the browser may not open, or may be on another screen.
    ctx.io.stderr.write(`Open this URL in a browser to log in${opts.browser ? ' (opening it now)' : ''}:\n  ${url}\n`)
    // Not awaited before listening: an opener may return only once the page it opened has loaded, and the page
    // loads only once the login has finished (the loopback answers last).
    opened = opts.browser
      ? ctx.openBrowser(url).catch((err: Error) => ctx.warn(`could not open a browser (${err.message})`))
      : undefined
    const paste = opts.browser
      ? undefined
      : readPastedResponse(ctx.io.stdin, state, (problem) => ctx.warn(`${problem}`))
    if (paste)
      ctx.io.stderr.write(
        'If the browser runs on another machine, paste the address it ends on (or the code) here and press Enter.\n',
      )
    ctx.info(`Waiting for the browser (up to ${opts.waitSeconds} s; Ctrl-C to cancel)…`)
    const result = await (paste ? Promise.race([callback, paste.result]) : callback)
      .catch(async (err: unknown) => {
        // The browser may have shown "unknown client" (a stored client the server forgot; it cannot tell us):
        // the next login registers afresh rather than sending the user to the same dead end.
        if (err instanceof TimeoutError) await forgetClient(ctx, baseUrl)
        throw err
      })
      .finally(() => {
        paste?.stop()
        done.abort()
      })
    // The browser waits on the loopback for this outcome: it is told "Logged in" only once the grant is stored.
    try {
      const redirectUri = listener.redirectUri
      const grant = await finishLogin(ctx, { meta, result, clientId, redirectUri, pkce, resource, scope, baseUrl })
      await storeLogin(ctx, profile, grant, baseUrl)
      listener.finish(loggedInPage(baseUrl, grant))
      return grant
    } catch (err) {
      listener.finish(failurePage(ctx, err))
      throw err
    }
  } finally {
    await listener.close()
    await opened
  }
}
