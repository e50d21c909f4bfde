// The pages of `cms export`: page 1 first (its pagination tells the page count), then the rest fetched in parallel
// through a bounded ordered window (src/cms/ordered-window.ts) and handed out in page order, so the output is the
// same bytes whatever the concurrency. A shard takes pages by number (src/io/shard.ts); a resume starts after
// the last page written. A server without a page count is followed page after page.
import { hasNextPage, type Page } from '../api/pagination.js'
import { orderedWindow } from '../cms/ordered-window.js'
import type { CmsQuery } from '../cms/query.js'
import { inShard, type Shard } from '../io/shard.js'
import type { AgentryClient } from '../sdk/client.js'
import type { CmsRow } from '../sdk/cms.js'

/** Which collection, through which access (`cda` delivery or `cma` management). */
export interface CmsTarget {
  collection: string
  access: 'cda' | 'cma'
}

/** One page of records, by number. */
export interface NumberedPage {
  page: number
  rows: CmsRow[]
}

/** How the pages are fetched. */
export interface ExportPagesOptions {
  /** pages fetched (and held) at once */
  concurrency: number
  shard?: Shard | undefined
  /** the last page already written (a resume); 0 for a fresh export */
  after: number
  /** called with page 1 (the totals) before anything is yielded */
  onFirst?: (page: Page<CmsRow>) => void
}

/** The pages of the export that are to be written, in page order. */
export async function* exportPages(
  sdk: AgentryClient,
  target: CmsTarget,
  q: CmsQuery,
  opts: ExportPagesOptions,
): AsyncGenerator<NumberedPage> {
  const fetchPage = async (page: number): Promise<Page<CmsRow>> => {
    for await (const p of sdk.cms.query(target, { ...q, page }).pages(1)) return p
    return { data: [] }
  }
  const wanted = (page: number) => page > opts.after && inShard(page - 1, opts.shard)
  const first = await fetchPage(1)
  opts.onFirst?.(first)
  if (wanted(1)) yield { page: 1, rows: first.data }
  const count = first.pagination?.page_count
  if (count === undefined) {
    let prev = first
    for (let page = 2; hasNextPage(prev, q.pageSize); page++) {
      prev = await fetchPage(page)
      if (wanted(page)) yield { page, rows: prev.data }
    }
    return
  }
  const pages = function* () {
    for (let page = Math.max(2, opts.after + 1); page <= count; page++) if (wanted(page)) yield page
  }
  yield* orderedWindow(pages(), opts.concurrency, async (page) => ({ page, rows: (await fetchPage(page)).data }))
}
