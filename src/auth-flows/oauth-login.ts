// What `login` and `oauth login` run: the browser flow (RFC 8252) or the device flow (RFC 8628), each loaded only
// when it runs (their options: src/commands/oauth-login-options.ts).
import type { Context } from '../context.js'

/** Runs the device login with --device, else the browser login, and stores the grant for the run's profile. */
export async function runOAuthLogin(
  ctx: Context,
  opts: { browser: boolean; device: boolean; scope: string | undefined; wait: number },
): Promise<void> {
  if (opts.device) {
    await (await import('./device.js')).deviceLoginRun(ctx, { scope: opts.scope })
    return
  }
  const { oauthLoginRun } = await import('./browser.js')
  await oauthLoginRun(ctx, { browser: opts.browser, scope: opts.scope, waitSeconds: opts.wait })
}
