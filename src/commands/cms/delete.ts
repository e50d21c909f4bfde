// `agentry cms delete <collection> <id>` (commands.md): deletes a record; asks first on a terminal.
import { confirmDestructive } from '../confirm.js'
import { arg, defineCommand } from '../define.js'
import { flag } from '../options.js'

export default defineCommand({
  path: ['cms', 'delete'],
  aliases: ['rm'],
  summary: 'Delete a record (asks first on a terminal; --yes otherwise)',
  args: { collection: arg('<collection>', 'the collection'), id: arg('<id>', 'the record id') },
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: ['agentry cms delete posts post_00001', 'agentry cms rm posts post_00001 --yes'],
  run: async ({ collection, id, yes }, ctx) => {
    await confirmDestructive(ctx, yes, `Delete record ${id} of ${collection}?`)
    await (await ctx.sdk()).cms.delete(collection, id)
    ctx.info(`deleted ${collection}/${id}`)
  },
})
