// `agentry api <METHOD> <path>`: any call, authenticated, like `gh api`.
import { UsageError } from '../../errors.js'
import { readDataJson } from '../data-arg.js'
import { arg, defineCommand } from '../define.js'
import { flag, list, text } from '../options.js'
import { paginateAll, printAnswer } from './answer.js'
import { resolveApiPath } from './resolve-path.js'

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

/** `-H "Name: value"` values → headers; a usage error for one without a name and a colon. */
function headersOf(given: string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const h of given) {
    const i = h.indexOf(':')
    if (i < 1) throw new UsageError(`--header ${h}: expected "Name: value"`)
    headers[h.slice(0, i).trim()] = h.slice(i + 1).trim()
  }
  return headers
}

export default defineCommand({
  path: ['api'],
  summary: 'Make an authenticated call to any path of the service and print the answer',
  args: {
    method: arg('<method>', `HTTP method: ${methods.join(', ')}`),
    path: arg('<path>', 'path below the base URL (e.g. /{accountId}/agents), or /api/…, /oauth/… from the origin'),
  },
  options: {
    data: text('-d, --data <json>', 'JSON body: inline, @file, or - for stdin'),
    paginate: flag('--paginate', 'follow page=1,2,… and print every item of `data`'),
    header: list('-H, --header <header...>', 'extra header "Name: value"'),
  },
  examples: [
    'agentry api GET /{accountId}/agents',
    'agentry api POST /{accountId}/webhooks -d @webhook.json',
    'agentry api GET /{accountId}/cma/records/posts --paginate -o ndjson',
    'agentry api GET /{accountId}/schedules -o table',
  ],
  helpAfter: `
The answer is printed as it came (JSON pretty-printed on a terminal). With -o table, tsv, yaml or ndjson a JSON
answer is rendered: a list (or the \`data\` of a page) as rows with a column for each member, an object as its
members; an answer that is not JSON is printed as it came.
`,
  run: async (o, ctx) => {
    const m = o.method.toUpperCase()
    if (!methods.includes(m)) throw new UsageError(`unknown method ${o.method}`, `use one of ${methods.join(', ')}`)
    const sdk = await ctx.sdk()
    // no account: the run's own words for it (not logged in, or the ways to name one)
    const url = resolveApiPath(o.path, sdk.baseUrl, () => sdk.transport.accountId())
    const body = o.data !== undefined ? (await readDataJson(o.data, ctx.io, ctx.bodyLimit())).text : undefined
    const headers = headersOf(o.header)
    if (o.paginate) return paginateAll(ctx, url, headers)
    const res = await sdk.request({ method: m, url, headers, ...(body !== undefined ? { body } : {}) })
    await printAnswer(ctx, await res.body.text(), res.headers['content-type'] ?? '')
  },
})
