// `agentry login|logout|whoami` and `agentry oauth login|logout|status|token|refresh|register` (commands.md, Groups).
import { Command } from 'commander'
import * as z from 'zod'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { examples, parseOptions } from '../shared.js'
import { logoutRun } from './logout.js'
import { oauthRefreshRun, oauthRegisterRun, oauthStatusRun, oauthTokenRun } from './oauth-verbs.js'
import { whoamiRun } from './whoami.js'

/** Options of `login` and `oauth login`. */
export const loginOptionsSchema = z.object({
  withApiKey: z.boolean().default(false),
  browser: z.boolean().default(true),
  device: z.boolean().default(false),
  verify: z.boolean().default(true),
  scope: z.string().min(1).optional(),
  wait: z
    .string()
    .regex(/^\d+$/, 'wait must be a whole number of seconds')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 3600, 'wait must be between 1 and 3600 seconds')
    .default(300),
})

function loginCommand(name: string, ctx: Context, withApiKey: boolean): Command {
  const cmd = new Command(name)
    .description(
      withApiKey
        ? 'Log in: OAuth in the system browser, --device without one, or --with-api-key to store a key read from stdin'
        : 'Log in with OAuth in the system browser (the URL is printed too), or --device without one',
    )
    .option('--no-browser', 'do not open a browser: print the URL, then take the address it ends on pasted on stdin')
    .option('--device', 'log in with a code typed on another device (RFC 8628), where the server offers it')
    .option('--scope <scope>', 'OAuth scope to ask for (default: the service scope the server advertises)')
    .option('--wait <seconds>', 'how long to wait for the browser, default 300')
  if (withApiKey)
    cmd
      .option('--with-api-key', 'read an API key from stdin (a masked prompt on a terminal) and store it')
      .option('--no-verify', 'store the key without trying it against the server')
  cmd.action(async (raw) => {
    const opts = parseOptions(loginOptionsSchema, raw)
    if (opts.withApiKey && opts.device) throw new UsageError('--device and --with-api-key cannot be used together')
    if (opts.withApiKey) return (await import('./login-api-key.js')).apiKeyLoginRun(ctx, { verify: opts.verify })
    if (opts.device) return void (await (await import('./login-device.js')).deviceLoginRun(ctx, { scope: opts.scope }))
    const { oauthLoginRun } = await import('./login-oauth.js')
    await oauthLoginRun(ctx, { browser: opts.browser, scope: opts.scope, waitSeconds: opts.wait })
  })
  return cmd
}

/** Registers login, logout, whoami and the oauth group. */
export function register(program: Command, ctx: Context): void {
  const login = loginCommand('login', ctx, true)
  examples(login, [
    'agentry login                                 browser login (OAuth, PKCE)',
    'agentry login --no-browser                    print the URL, open it anywhere, paste back where it ends',
    'agentry login --device                        type a code on another device (RFC 8628)',
    'agentry login --with-api-key < key.txt        store an API key read from stdin',
    'agentry --profile ci login --with-api-key --api-key-file /run/secrets/agentry',
  ])
  const logout = new Command('logout')
    .description('Forget the stored credential of the profile (and revoke OAuth tokens)')
    .action(() => logoutRun(ctx))
  examples(logout, ['agentry logout', 'agentry --profile ci logout'])
  const whoami = new Command('whoami')
    .description(
      'Show which credential is in use, where it came from, the base URL and account; checks it with the service',
    )
    .option('--no-check', 'do not ask the service (no network call)')
    .action((opts: { check: boolean }) => whoamiRun(ctx, opts.check))
  examples(whoami, ['agentry whoami', 'agentry whoami --json', 'agentry whoami --no-check'])
  program.addCommand(login).addCommand(logout).addCommand(whoami).addCommand(oauthGroup(ctx))
}

function oauthGroup(ctx: Context): Command {
  const oauth = new Command('oauth').description('OAuth: login, logout, status, token, refresh, register')
  const login = loginCommand('login', ctx, false)
  examples(login, ['agentry oauth login', 'agentry oauth login --no-browser --wait 600'])
  const logout = new Command('logout')
    .description('Revoke the OAuth tokens and forget them (same as agentry logout)')
    .action(() => logoutRun(ctx))
  examples(logout, ['agentry oauth logout', 'agentry --profile ci oauth logout'])
  const status = new Command('status')
    .description('Show whether the profile is logged in with OAuth, and until when (exit 4 when not)')
    .action(() => oauthStatusRun(ctx))
  examples(status, ['agentry oauth status', 'agentry oauth status --json | jq .expiresInSeconds'])
  const token = new Command('token')
    .description('Print the current access token to stdout, for scripts (refreshed first when about to expire)')
    .action(() => oauthTokenRun(ctx))
  examples(token, ['curl -H "Authorization: Bearer $(agentry oauth token)" https://host/api/v1beta/…'])
  const refresh = new Command('refresh').description('Refresh the access token now').action(() => oauthRefreshRun(ctx))
  examples(refresh, ['agentry oauth refresh', 'agentry --profile ci oauth refresh --json'])
  const reg = new Command('register')
    .description('Register a public OAuth client (RFC 7591) and print its client id')
    .option('--redirect-uri <uri...>', 'redirect URIs (default: the loopback http://127.0.0.1/callback)')
    .option('--name <name>', 'client name shown on the consent page, default agentry')
    .option('--scope <scope>', 'scope to register')
    .action((raw: { redirectUri?: string[]; name?: string; scope?: string }) => oauthRegisterRun(ctx, raw))
  examples(reg, ['agentry oauth register', 'agentry oauth register --json'])
  for (const c of [login, logout, status, token, refresh, reg]) oauth.addCommand(c)
  examples(oauth, ['agentry oauth login', 'agentry oauth status', 'TOKEN=$(agentry oauth token)'])
  return oauth
}
