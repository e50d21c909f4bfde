// `agentry cms get <collection> <id>` (commands.md; wire.md "CMS content"): one record by id.
import { arg, defineCommand } from '../define.js'
import { choice } from '../options.js'
import { printRecord } from './print-record.js'

export default defineCommand({
  path: ['cms', 'get'],
  summary: 'Show one record',
  args: { collection: arg('<collection>', 'the collection'), id: arg('<id>', 'the record id') },
  options: { access: choice('--access <access>', 'delivery (cda) or management (cma)', ['cda', 'cma']) },
  examples: ['agentry cms get posts post_00001', 'agentry cms get posts post_00001 --json | jq .data.title'],
  run: async ({ collection, id, access }, ctx) => {
    await printRecord(ctx, await (await ctx.sdk()).cms.get(collection, id, access ?? 'cda'))
  },
})
