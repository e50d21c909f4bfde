// `agentry files list [<folder>]`: the files and folders directly in a folder (the top when none), a page or --all,
// optionally only names holding --search; sent as the public clients send it (`path`, `search`).
import { UsageError } from '../../errors.js'
import { remotePathProblem } from '../../files/transfer.js'
import { arg, defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { text } from '../options.js'
import { fileFields } from './fields.js'

/** The folder asked for (argument or --prefix, one of them), without a trailing `/`; '' the top. */
function folderOf(arg: string | undefined, prefix: string | undefined): string {
  if (arg !== undefined && prefix !== undefined && arg !== prefix)
    throw new UsageError('give the folder once: as the argument or as --prefix (its older name), not both')
  const folder = (arg ?? prefix ?? '').replace(/\/+$/, '')
  const problem = folder === '' ? undefined : remotePathProblem(folder)
  if (problem) throw new UsageError(`the folder ${JSON.stringify(arg ?? prefix)}: ${problem}`)
  return folder
}

export default defineCommand({
  path: ['files', 'list'],
  aliases: ['ls'],
  summary: 'List the files and folders in a folder (the top by default)',
  args: { folder: arg('[folder]', 'the folder to list, e.g. images (default: the top)') },
  options: {
    ...listOptions,
    prefix: text('--prefix <folder>', 'the folder to list (the older name of the argument)'),
    search: text('--search <text>', 'only names that contain this (any case)', { nonEmpty: true }),
  },
  examples: ['agentry files list', 'agentry files ls images --json', 'agentry files list docs --search guide --all'],
  helpAfter: `
One folder's direct entries, folders first, each marked by a trailing / (in --json: "type": "folder"). Go into a
folder by naming it: agentry files list images/icons.`,
  run: async ({ folder, prefix, search, ...opts }, ctx) => {
    const path = folderOf(folder, prefix)
    const items = (await ctx.sdk()).files.list({ ...opts, ...(path ? { path } : {}), ...(search ? { search } : {}) })
    await printList(ctx, items, opts, fileFields, 'files')
  },
})
