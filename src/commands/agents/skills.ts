// `agentry skills list`.
import { Command } from 'commander'
import type { Context } from '../../context.js'
import { listOptionsSchema } from '../list-options.js'
import { printList } from '../list-notes.js'
import { examples, parseOptions, withListOptions } from '../shared.js'

/** Registers the skills group. */
export function register(program: Command, ctx: Context): void {
  const skills = new Command('skills').description('List the skills of the account')
  const list = withListOptions(new Command('list').alias('ls').description('List skills')).action(async (raw) => {
    const opts = parseOptions(listOptionsSchema, raw)
    const sdk = await ctx.sdk()
    await printList(
      ctx,
      sdk.skills.list(opts),
      opts,
      [
        { header: 'ID', get: (s) => s.id },
        { header: 'NAME', get: (s) => s.name },
        { header: 'TAGS', get: (s) => s.tags },
        { header: 'DESCRIPTION', get: (s) => s.description },
      ],
      'skills',
    )
  })
  examples(list, ['agentry skills list', 'agentry skills list --all -o ndjson'])
  program.addCommand(skills.addCommand(list))
}
