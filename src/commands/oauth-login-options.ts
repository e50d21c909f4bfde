// The options of every OAuth login, `login` and `oauth login` (browser or pasted response, device code, scope, how
// long to wait); what they run is src/auth-flows/oauth-login.ts.
import { flag, int, text } from './options.js'

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
