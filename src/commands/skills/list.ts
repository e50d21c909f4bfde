// `agentry skills list`: the skills of the account.
import type { Field } from '../../io/output.js'
import type { Skill } from '../../api/schemas/index.js'
import { defineCommand } from '../define.js'
import { printList } from '../list-notes.js'
import { listOptions } from '../list-options.js'

/** Columns of `skills list`. */
const skillFields: Field<Skill>[] = [
  { header: 'ID', get: (s) => s.id },
  { header: 'NAME', get: (s) => s.name },
  { header: 'TAGS', get: (s) => s.tags },
  { header: 'DESCRIPTION', get: (s) => s.description },
]

export default defineCommand({
  path: ['skills', 'list'],
  aliases: ['ls'],
  summary: 'List skills',
  options: listOptions,
  examples: ['agentry skills list', 'agentry skills list --all -o ndjson'],
  run: async (opts, ctx) => {
    await printList(ctx, (await ctx.sdk()).skills.list(opts), opts, skillFields, 'skills')
  },
})
