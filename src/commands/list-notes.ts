// The notes a list leaves on stderr for a person at a terminal: how many more there are and how to get
// them, or that there is nothing. Never with json/ndjson/yaml/tsv output: those are for programs.
import type { Context } from '../context.js'
import type { Field, Output } from '../io/output.js'
import type { ItemList } from '../sdk/pages.js'
import type { ListOptions } from './list-options.js'

/**
 * The one list presenter: prints the list (a page, or every page with --all) and then the note a terminal user
 * should see. `fields` may depend on the first page (`cms query`: the records' own fields, and a check of the fields
 * it names), which is then fetched before anything is printed.
 */
export async function printList<T>(
  ctx: Context,
  list: ItemList<T>,
  opts: Pick<ListOptions, 'all' | 'page'>,
  fields: Field<T>[] | ((firstPage: readonly T[]) => Field<T>[] | Promise<Field<T>[]>),
  noun: string,
  shown: (items: AsyncIterable<T>) => AsyncIterable<T> = (items) => items,
): Promise<number> {
  const out = ctx.output()
  let items = shown(list.take(opts.all))
  let columns: Field<T>[]
  if (typeof fields === 'function') {
    // reading the first item fetches the first page
    items = await peeked(items)
    columns = await fields(list.lastPage?.data ?? [])
  } else columns = fields
  const n = await out.list(items, columns)
  listNote(ctx, out, { count: n, noun, all: opts.all, pagination: list.lastPage?.pagination })
  return n
}

/** The same items, the first one already read (so that whatever reading it fetches is there). */
async function peeked<T>(items: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = items[Symbol.asyncIterator]()
  const head = await it.next()
  return {
    async *[Symbol.asyncIterator]() {
      if (head.done) return
      try {
        yield head.value
        for (let n = await it.next(); !n.done; n = await it.next()) yield n.value
      } finally {
        await it.return?.()
      }
    },
  }
}

/** What a list knows after printing: how many rows it showed, and the service's pagination of the last page. */
interface ListShown {
  count: number
  noun: string
  all: boolean
  pagination?: { total: number; page: number; page_count: number } | undefined
}

/** `20 of 5,002 — use --all or --page 2` when more pages follow; `no agents` for an empty list (table only). */
function listNote(ctx: Context, out: Output, shown: ListShown): void {
  if (out.format !== 'table' || !ctx.io.stderrIsTTY) return
  const p = shown.pagination
  if (shown.count === 0) {
    ctx.info(p && p.page > 1 ? `no ${shown.noun} on page ${p.page} of ${p.page_count}` : `no ${shown.noun}`)
    return
  }
  if (shown.all || !p || p.page >= p.page_count) return
  const total = p.total.toLocaleString('en-US')
  ctx.info(`${shown.count.toLocaleString('en-US')} of ${total} — use --all or --page ${p.page + 1}`)
}
