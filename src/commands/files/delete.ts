// `agentry files delete <remote>`: one file, after asking.
import { confirmDestructive } from '../confirm.js'
import { arg, defineCommand } from '../define.js'
import { flag } from '../options.js'
import { checkRemote } from './transfer.js'

export default defineCommand({
  path: ['files', 'delete'],
  aliases: ['rm'],
  summary: 'Delete a file (asks first on a terminal; --yes otherwise)',
  args: { remote: arg('<remote>', 'the remote path') },
  options: { yes: flag('-y, --yes', 'do not ask') },
  examples: ['agentry files delete images/old.png --yes'],
  run: async ({ remote, yes }, ctx) => {
    checkRemote(remote, 'the remote path')
    await confirmDestructive(ctx, yes, `Delete file ${remote}?`)
    await (await ctx.sdk()).files.delete(remote)
    ctx.info(`deleted ${remote}`)
  },
})
