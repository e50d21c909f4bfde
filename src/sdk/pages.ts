// Lists as async iterables over items, page by page (after openai-node's core/pagination.ts): `for await` walks
// every page from the first one asked for; `firstPage()` is one page (the CLI without --all).
import { hasNextPage, type Page } from '../api/pagination.js'

/** The items of a list, fetched a page at a time as they are iterated. */
export class ItemList<T> implements AsyncIterable<T> {
  /** The last page fetched (its pagination tells whether more follow), once one has been. */
  lastPage: Page<T> | undefined
  constructor(
    private readonly fetchPage: (page: number) => Promise<Page<T>>,
    private readonly start = 1,
    private readonly pageSize: number | undefined = undefined,
  ) {}

  /** The pages, in order, from the first page asked for (at most `max`). */
  async *pages(max = Number.POSITIVE_INFINITY): AsyncGenerator<Page<T>> {
    let page = this.start
    for (let n = 0; n < max; n++, page++) {
      const res = await this.fetchPage(page)
      this.lastPage = res
      yield res
      if (!hasNextPage(res, this.pageSize)) return
    }
  }

  /** Every item of every page. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const p of this.pages()) yield* p.data
  }

  /** The items of the first page asked for only. */
  async *firstPage(): AsyncGenerator<T> {
    for await (const p of this.pages(1)) yield* p.data
  }

  /** Every item (`all`) or the first page's (the CLI's --all). */
  take(all: boolean): AsyncIterable<T> {
    return all ? this : this.firstPage()
  }

  /** Every item in an array (mind the size of the list). */
  async toArray(): Promise<T[]> {
    const out: T[] = []
    for await (const item of this) out.push(item)
    return out
  }
}
