// What `login` and `oauth login` share: the OAuth options (browser or pasted response, device code, scope, how long
// to wait) and the choice between the browser flow (RFC 8252) and the device flow (RFC 8628), each loaded only when
// it runs.
import type { Context } from '../../context.js'
import { flag, int, text } from '../options.js'

/** --no-browser, --device, --scope, --wait: the options of every OAuth login. */
export const oauthLoginOptions = {
  browser: flag(
    '--no-browser',
    'do not open a browser: print the URL, then take the address it ends on pasted on stdin',
  ),
  device: flag('--device', 'log in with a code typed on another device (RFC 8628), where the server offers it'),
  scope: text('--scope <scope>', 'OAuth scope to ask for (default: the service scope the server advertises)', {
    nonEmpty: true,
  }),
  wait: int('--wait <seconds>', 'how long to wait for the browser, 1 to 3600, default 300', {
    min: 1,
    max: 3600,
    default: 300,
  }),
}

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
