// `agentry cms search <collection> "<text>"`: natural-language search of the delivered records, the
// SDK's `nlSearch(text, threshold)` with `withFreshness(days)`: the records at least --threshold similar, each with its
// score, best first (wire.md "CMS", search).
import { UsageError } from '../../errors.js'
import { parseDecimal } from '../../text/whole-number.js'
import type { Field } from '../../io/output.js'
import type { ScoredRecord } from '../../cms/text-search.js'
import { arg, defineCommand } from '../define.js'
import { listOptions } from '../list-options.js'
import { printList } from '../list-notes.js'
import { custom, int } from '../options.js'
import { recordFields } from './fields.js'

/** ID, SCORE, then the records' data fields (those of the first page). */
function searchFields(firstPage: readonly ScoredRecord[]): Field<ScoredRecord>[] {
  const [id, ...data] = recordFields({}, firstPage) as unknown as Field<ScoredRecord>[]
  return [id!, { header: 'SCORE', get: (r) => r.score.toFixed(3) }, ...data]
}

export default defineCommand({
  path: ['cms', 'search'],
  summary: 'Search the delivered records in plain words: the closest first, with their score',
  args: { collection: arg('<collection>', 'the collection'), text: arg('<text>', 'what to look for, in plain words') },
  options: {
    threshold: custom('--threshold <0-1>', 'the least similarity kept, from 0 to 1 (default 0.72)', (raw, flag) => {
      const n = parseDecimal(raw, { min: 0, max: 1, unit: 'similarity' })
      if (typeof n !== 'number') throw new UsageError(`${flag}: ${raw} must be a number from 0 to 1`)
      return n
    }),
    freshness: int('--freshness <days>', 'favour recent records: the score halves its freshness part every <days>', {
      min: 1,
    }),
    ...listOptions,
  },
  examples: [
    'agentry cms search posts "practical webhooks"',
    'agentry cms search posts "agents for design" --threshold 0.5 --freshness 30',
    "agentry cms search posts 'webhook security' --json | jq -r '.[] | \"\\(.score) \\(.data.title)\"'",
  ],
  run: async (o, ctx) => {
    if (o.text.trim() === '')
      throw new UsageError('<text> is empty', 'e.g. agentry cms search posts "practical webhooks"')
    const items = (await ctx.sdk()).cms.search(o.collection, o.text, {
      threshold: o.threshold,
      freshnessDays: o.freshness,
      page: o.page,
      pageSize: o.limit,
    })
    await printList(ctx, items, o, searchFields, 'records')
  },
})
