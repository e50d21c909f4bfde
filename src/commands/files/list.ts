// `agentry files list`: the files of the account, a page or --all, optionally under a prefix.
import { defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'
import { text } from '../options.js'
import { fileFields } from './fields.js'

export default defineCommand({
  path: ['files', 'list'],
  aliases: ['ls'],
  summary: 'List files',
  options: { ...listOptions, prefix: text('--prefix <prefix>', 'only paths that start with this, e.g. images/') },
  examples: ['agentry files list', 'agentry files ls --prefix generated/ --all --json'],
  run: async ({ prefix, ...opts }, ctx) => {
    const items = (await ctx.sdk()).files.list({ ...opts, ...(prefix ? { prefix } : {}) })
    await printList(ctx, items, opts, fileFields, 'files')
  },
})
