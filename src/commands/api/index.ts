// `agentry api <METHOD> <path>`: any call, authenticated, like `gh api`.
import { Command } from 'commander'
import { parseBody } from '../../api/client.js'
import { UsageError } from '../../errors.js'
import type { Context } from '../../context.js'
import { writeAll } from '../../io/iostreams.js'
import { readDataJson } from '../data-arg.js'
import { examples } from '../shared.js'

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

/** Resolves a path given to `agentry api` against the base URL: {accountId} filled, /api/… and /oauth/… from the origin. */
export function resolveApiPath(path: string, baseUrl: string, account: string | undefined): string {
  const base = new URL(baseUrl)
  let p = path
  if (/\{(accountId|account)\}/.test(p)) {
    if (!account) throw new UsageError(`${path} needs an account id`, 'pass --account <id> or set AGENTRY_ACCOUNT')
    p = p.replace(/\{(accountId|account)\}/g, encodeURIComponent(account))
  }
  if (/^https?:\/\//i.test(p)) {
    const u = new URL(p)
    if (u.origin !== base.origin)
      throw new UsageError(
        `${u.origin} is not the configured server (${base.origin}); agentry api sends credentials only there`,
      )
    return u.toString()
  }
  if (!p.startsWith('/')) p = `/${p}`
  if (/^\/(api|oauth|\.well-known)\//.test(p)) return base.origin + p
  return base.toString().replace(/\/+$/, '') + p
}

/** Registers `agentry api`. */
export function register(program: Command, ctx: Context): void {
  const cmd = new Command('api')
    .description('Make an authenticated call to any path of the service and print the answer')
    .argument('<method>', `HTTP method: ${methods.join(', ')}`)
    .argument('<path>', 'path below the base URL (e.g. /{accountId}/agents), or /api/…, /oauth/… from the origin')
    .option('-d, --data <json>', 'JSON body: inline, @file, or - for stdin')
    .option('--paginate', 'follow page=1,2,… and print every item of `data`')
    .option('-H, --header <header...>', 'extra header "Name: value"')
    .action(async (method: string, path: string, raw: { data?: string; paginate?: boolean; header?: string[] }) => {
      const m = method.toUpperCase()
      if (!methods.includes(m)) throw new UsageError(`unknown method ${method}`, `use one of ${methods.join(', ')}`)
      const sdk = await ctx.sdk()
      const settings = await ctx.settings()
      const url = resolveApiPath(path, sdk.baseUrl, settings.account?.value as string | undefined)
      const body = raw.data !== undefined ? (await readDataJson(raw.data, ctx.io)).text : undefined
      const headers: Record<string, string> = {}
      for (const h of raw.header ?? []) {
        const i = h.indexOf(':')
        if (i < 1) throw new UsageError(`--header ${h}: expected "Name: value"`)
        headers[h.slice(0, i).trim()] = h.slice(i + 1).trim()
      }
      if (raw.paginate) return paginateAll(ctx, url, headers)
      const res = await sdk.request({ method: m, url, headers, ...(body !== undefined ? { body } : {}) })
      const text = await res.body.text()
      await printBody(ctx, text, res.headers['content-type'] ?? '')
    })
  examples(cmd, [
    'agentry api GET /{accountId}/agents',
    'agentry api POST /{accountId}/webhooks -d @webhook.json',
    'agentry api GET /{accountId}/cma/records/posts --paginate -o ndjson',
  ])
  program.addCommand(cmd)
}

/** Prints an answer: exact bytes when piped; on a terminal JSON pretty-printed and any text sanitised. */
async function printBody(ctx: Context, text: string, contentType: string): Promise<void> {
  if (!text) return
  if (ctx.io.stdoutIsTTY) {
    const { sanitizeText, stringifyJson } = await import('../../io/sanitize.js')
    if (/json/.test(contentType)) {
      try {
        return writeAll(ctx.io.stdout, `${stringifyJson(JSON.parse(text), 2)}\n`)
      } catch {}
    }
    const safe = sanitizeText(text)
    return writeAll(ctx.io.stdout, safe.endsWith('\n') ? safe : `${safe}\n`)
  }
  await writeAll(ctx.io.stdout, text.endsWith('\n') || !/json|text/.test(contentType) ? text : `${text}\n`)
}

async function paginateAll(ctx: Context, url: string, headers: Record<string, string>): Promise<void> {
  const sdk = await ctx.sdk()
  const { ItemList } = await import('../../sdk/pages.js')
  const items = new ItemList(async (page) => {
    const u = new URL(url)
    u.searchParams.set('page', String(page))
    const res = await sdk.request({ method: 'GET', url: u.toString(), headers })
    const body = await parseBody<{ data?: unknown }>(res, undefined, `GET ${u.pathname}`)
    if (!Array.isArray(body?.data))
      throw new UsageError(
        `--paginate: the answer of ${u.pathname} has no data array`,
        'drop --paginate: it follows lists only',
      )
    return body as { data: unknown[] }
  })
  const fmt = ctx.outputFormat(['json', 'ndjson'])
  const { Output } = await import('../../io/output.js')
  await new Output(ctx.io, ctx.outputChosen(['json', 'ndjson']) ? fmt : 'json').list(items, [])
}
