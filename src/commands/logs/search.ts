// `agentry logs search <text...>`: full-text search of every logged message.
import { UsageError } from '../../errors.js'
import { arg, defineCommand } from '../define.js'
import { hitFields, logLimit, searchItem } from './fields.js'

export default defineCommand({
  path: ['logs', 'search'],
  summary: 'Full-text search of every logged message (all words must match; word* matches a prefix)',
  args: { words: arg('<text...>', 'the words to find') },
  options: { limit: logLimit('how many matches') },
  examples: ['agentry logs search webhook retries', 'agentry logs search "deploy*" --json'],
  // the index limit of src/logs/db.ts (schema 2): very long answers would otherwise make every logged chat slow
  helpAfter:
    '\nOnly the first 65,536 characters of each message are indexed; `agentry logs show` has the whole text.\n',
  run: async ({ words, limit }, ctx) => {
    const text = words.join(' ')
    if (text.replace(/[\s*]/g, '') === '') throw new UsageError('search: give some words to find')
    const store = await (await import('../../logs/index.js')).openLogStore(ctx)
    await ctx.output().list(store.search(text, limit).map(searchItem), hitFields)
  },
})
