// `agentry oauth register`: registers a public OAuth client (RFC 7591) and prints its id.
import { chooseScope, discover, oauthHttp, registerClient } from '../../auth/oauth.js'
import { baseUrlOf } from '../../config/resolve.js'
import { UsageError } from '../../errors.js'
import { defineCommand } from '../define.js'
import { loopbackRedirectUri } from '../../auth-flows/common.js'
import { list, text } from '../options.js'

export default defineCommand({
  path: ['oauth', 'register'],
  summary: 'Register a public OAuth client (RFC 7591) and print its client id',
  options: {
    redirectUri: list('--redirect-uri <uri...>', `redirect URIs (default: the loopback ${loopbackRedirectUri})`),
    name: text('--name <name>', 'client name shown on the consent page, default agentry'),
    scope: text('--scope <scope>', 'scope to register'),
  },
  examples: ['agentry oauth register', 'agentry oauth register --json'],
  run: async (opts, ctx) => {
    const baseUrl = baseUrlOf(await ctx.settings())
    for (const uri of opts.redirectUri) if (!URL.canParse(uri)) throw new UsageError(`--redirect-uri ${uri}: not a URL`)
    const http = await oauthHttp(ctx)
    const meta = await discover(http, baseUrl)
    // RFC 8252 7.3: a loopback redirect without a port; the server must accept any port at authorization time.
    const redirectUris = opts.redirectUri.length ? opts.redirectUri : [loopbackRedirectUri]
    const client = await registerClient(http, meta, {
      redirectUris,
      scope: opts.scope ?? chooseScope(meta),
      ...(opts.name ? { clientName: opts.name } : {}),
    })
    const out = ctx.output()
    if (out.format === 'table' || out.format === 'tsv') return out.text(client.client_id)
    await out.item(client)
  },
})
