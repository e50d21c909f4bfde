// `agentry files mkdir <path>`: a folder (the SDK's `files.createFolder({path, folderName})`: the parent and the
// last name); one already there is no error, as `mkdir -p`.
import { checkRemote } from '../../files/transfer.js'
import { arg, defineCommand } from '../define.js'
import { fileFields } from './fields.js'

export default defineCommand({
  path: ['files', 'mkdir'],
  summary: 'Make a folder (one already there is no error)',
  args: { remote: arg('<path>', 'the folder, e.g. images/icons') },
  examples: ['agentry files mkdir images/icons', 'agentry files mkdir archive --json'],
  run: async ({ remote }, ctx) => {
    const full = checkRemote(remote.replace(/\/+$/, ''), 'the folder')
    const slash = full.lastIndexOf('/')
    const folder = await (await ctx.sdk()).files.createFolder({
      ...(slash > 0 ? { path: full.slice(0, slash) } : {}),
      folderName: full.slice(slash + 1),
    })
    await ctx.output().item(folder, fileFields)
  },
})
