// `agentry oauth login`: `agentry login` without --with-api-key (OAuth only).
import { defineCommand } from '../define.js'
import { runOAuthLogin } from '../../auth-flows/oauth-login.js'
import { oauthLoginOptions } from '../oauth-login-options.js'

export default defineCommand({
  path: ['oauth', 'login'],
  summary: 'Log in with OAuth in the system browser (the URL is printed too), or --device without one',
  options: oauthLoginOptions,
  examples: ['agentry oauth login', 'agentry oauth login --no-browser --wait 600'],
  run: (opts, ctx) => runOAuthLogin(ctx, opts),
})
