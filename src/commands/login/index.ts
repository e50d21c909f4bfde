// `agentry login`: OAuth in the system browser, --device without one, --with-api-key read from stdin, or
// --from-brightsy to take the official CLI's session
// (commands.md, Groups). Each flow is loaded only when it runs.
import { UsageError } from '../../errors.js'
import { defineCommand } from '../define.js'
import { flag } from '../options.js'
import { runOAuthLogin } from '../../auth-flows/oauth-login.js'
import { oauthLoginOptions } from '../oauth-login-options.js'

export default defineCommand({
  path: ['login'],
  summary:
    'Log in: OAuth in the system browser, --device without one, or --with-api-key to store a key read from stdin',
  options: {
    ...oauthLoginOptions,
    withApiKey: flag('--with-api-key', 'read an API key from stdin (a masked prompt on a terminal) and store it'),
    verify: flag('--no-verify', 'store the key without trying it against the server'),
    fromBrightsy: flag(
      '--from-brightsy',
      "import the official brightsy CLI's session ($BRIGHTSY_CONFIG, else ~/.brightsy/config.json) into the profile",
    ),
  },
  examples: [
    'agentry login                                 browser login (OAuth, PKCE)',
    'agentry login --no-browser                    print the URL, open it anywhere, paste back where it ends',
    'agentry login --device                        type a code on another device (RFC 8628)',
    'agentry login --with-api-key < key.txt        store an API key read from stdin',
    'agentry --profile ci login --with-api-key --api-key-file /run/secrets/agentry',
    'agentry login --from-brightsy                 reuse the session of `brightsy login`',
  ],
  run: async (opts, ctx) => {
    if (opts.withApiKey && opts.device) throw new UsageError('--device and --with-api-key cannot be used together')
    if (opts.fromBrightsy && (opts.withApiKey || opts.device))
      throw new UsageError(`--from-brightsy and ${opts.device ? '--device' : '--with-api-key'} cannot be used together`)
    if (opts.fromBrightsy) return (await import('../../auth-flows/from-brightsy.js')).fromBrightsyRun(ctx)
    if (opts.withApiKey)
      return (await import('../../auth-flows/api-key.js')).apiKeyLoginRun(ctx, { verify: opts.verify })
    await runOAuthLogin(ctx, opts)
  },
})
