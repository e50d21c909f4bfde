// How `agentry api` prints what the service answered: one answer as it came, or every item of a paged list; with
// -o table|tsv|yaml|ndjson a JSON answer is rendered as every list and item is (a list: its items, or the items of
// its `data`, with a column for each member; an object: its members).
import { isRecord } from '../../api/is-record.js'
import { parseBody } from '../../api/answer.js'
import { pageOf } from '../../api/shapes.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { writeAll } from '../../io/iostreams.js'
import { endLine, type Field, Output } from '../../io/output.js'
import { sanitizeText, stringifyJson } from '../../text/sanitize.js'
import { ItemList } from '../../sdk/pages.js'
import { printList } from '../list-notes.js'

/** Prints an answer in the format asked for (-o, --json, the profile's `output`); as it came when none was. */
export async function printAnswer(ctx: Context, text: string, contentType: string): Promise<void> {
  const format = ctx.outputChosen() ? ctx.outputFormat() : 'json'
  const jq = ctx.globals.jq !== undefined
  const value = format === 'json' && !jq ? undefined : jsonOf(text, contentType)
  if (value === undefined) return printBody(ctx, text, contentType)
  // --jq sees the answer whole, as gh api --jq does
  if (jq) return ctx.output().item(value)
  const items = Array.isArray(value) ? value : listOf(value)
  // one page as it came: its own pagination is not followed (that is --paginate)
  if (items)
    await printList(
      ctx,
      new ItemList(async () => ({ data: items })),
      { all: false, page: undefined },
      memberFields,
      'items',
    )
  else if (typeof value === 'object' && value !== null) await ctx.output().item(value)
  else await ctx.output().text(typeof value === 'string' ? value : JSON.stringify(value))
}

/** The JSON value of an answer, or undefined when it is not JSON. */
function jsonOf(text: string, contentType: string): unknown {
  if (!text || !/json/.test(contentType)) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The items of a list answer (`{data: [...], …}`), or undefined. */
function listOf(value: unknown): unknown[] | undefined {
  const data = (value as { data?: unknown } | null)?.data
  return Array.isArray(data) ? data : undefined
}

/** A column for each member of the items (first seen first, over the first page); VALUE for items that are not objects. */
function memberFields(items: readonly unknown[]): Field<unknown>[] {
  const names = new Set<string>()
  let plain = false
  for (const item of items) {
    if (!isRecord(item)) plain = true
    else for (const k of Object.keys(item)) names.add(k)
  }
  const member = (k: string) => (item: unknown) =>
    typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[k] : undefined
  // an id first, as in every other list
  const ordered = names.has('id') ? ['id', ...[...names].filter((k) => k !== 'id')] : [...names]
  return [
    ...(plain ? [{ header: 'VALUE', get: (item: unknown) => (typeof item === 'object' ? undefined : item) }] : []),
    ...ordered.map((k) => ({ header: k.toUpperCase(), get: member(k) })),
  ]
}

/** Prints an answer as it came: exact bytes when piped; on a terminal JSON pretty-printed and any text sanitised. */
async function printBody(ctx: Context, text: string, contentType: string): Promise<void> {
  if (!text) return
  if (ctx.io.stdoutIsTTY) {
    if (/json/.test(contentType)) {
      try {
        return writeAll(ctx.io.stdout, `${stringifyJson(JSON.parse(text), 2)}\n`)
      } catch {}
    }
    return writeAll(ctx.io.stdout, endLine(sanitizeText(text)))
  }
  // piped: text (JSON too) by the final-newline rule; other bytes exactly as they came
  await writeAll(ctx.io.stdout, /json|text/.test(contentType) ? endLine(text) : text)
}

/** `--paginate`: GETs page=1,2,… of `url` and prints every item of each answer's `data` (JSON or NDJSON). */
export async function paginateAll(ctx: Context, url: string, headers: Record<string, string>): Promise<void> {
  const sdk = await ctx.sdk()
  const items = new ItemList(async (page) => {
    const u = new URL(url)
    u.searchParams.set('page', String(page))
    const res = await sdk.request({ method: 'GET', url: u.toString(), headers })
    const body = await parseBody<unknown>(res, undefined, `GET ${u.pathname}`)
    const size = Number(u.searchParams.get('limit') ?? u.searchParams.get('pageSize') ?? Number.NaN)
    const list = pageOf(body, { page, size: Number.isInteger(size) && size > 0 ? size : undefined })
    if (!list)
      throw new UsageError(
        `--paginate: the answer of ${u.pathname} is no list (neither an array nor an object with a data array)`,
        'drop --paginate: it follows lists only',
      )
    return list
  })
  // JSON unless a format was asked for; a table or TSV takes its columns from the first page
  if (!ctx.outputChosen()) await new Output(ctx.io, 'json').list(items, [])
  else await printList(ctx, items, { all: true, page: undefined }, memberFields, 'items')
}
