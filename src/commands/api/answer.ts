// How `agentry api` prints what the service answered: one answer as it came, or every item of a paged list.
import { parseBody } from '../../api/client.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { writeAll } from '../../io/iostreams.js'
import { Output } from '../../io/output.js'
import { sanitizeText, stringifyJson } from '../../io/sanitize.js'
import { ItemList } from '../../sdk/pages.js'

/** Prints an answer: exact bytes when piped; on a terminal JSON pretty-printed and any text sanitised. */
export async function printBody(ctx: Context, text: string, contentType: string): Promise<void> {
  if (!text) return
  if (ctx.io.stdoutIsTTY) {
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

/** `--paginate`: GETs page=1,2,… of `url` and prints every item of each answer's `data` (JSON or NDJSON). */
export async function paginateAll(ctx: Context, url: string, headers: Record<string, string>): Promise<void> {
  const sdk = await ctx.sdk()
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
  await new Output(ctx.io, ctx.outputChosen(['json', 'ndjson']) ? fmt : 'json').list(items, [])
}
