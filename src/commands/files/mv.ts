// `agentry files mv <from> <to>`: moves or renames a file or a folder with everything in it (the SDK's
// `files.move(path, newPath)`); <to> must not exist.
import { checkRemote } from '../../files/transfer.js'
import { arg, defineCommand } from '../define.js'
import { fileFields } from './fields.js'

export default defineCommand({
  path: ['files', 'mv'],
  aliases: ['move'],
  summary: 'Move or rename a file or a folder (with everything in it); the new path must not exist',
  args: {
    from: arg('<from>', 'the file or folder'),
    to: arg('<to>', 'its new path (the whole path, not a folder to go into)'),
  },
  examples: ['agentry files mv docs/old.md archive/old.md', 'agentry files mv images pictures'],
  run: async ({ from, to }, ctx) => {
    const path = checkRemote(from.replace(/\/+$/, ''), '<from>')
    const newPath = checkRemote(to.replace(/\/+$/, ''), '<to>')
    const moved = await (await ctx.sdk()).files.move(path, newPath)
    await ctx.output().item(moved, fileFields)
  },
})
