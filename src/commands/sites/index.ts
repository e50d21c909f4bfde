// `agentry sites list|get` (commands.md; wire.md "Sites, files, images"): read-only.
import { Command } from 'commander'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'
import { printList } from '../list-notes.js'

/** Columns of `sites list`. */
export const siteFields: Field<Record<string, unknown>>[] = [
  { header: 'ID', get: (s) => s.id },
  { header: 'NAME', get: (s) => s.name },
  { header: 'DOMAIN', get: (s) => s.domain },
  { header: 'PAGES', get: (s) => s.pageCount },
]

/** Registers the sites group. */
export function register(program: Command, ctx: Context): void {
  const sites = new Command('sites').alias('site').description('List the sites of the account, show one')
  const list = withListOptions(new Command('list').alias('ls').description('List sites')).action(async (raw) => {
    const opts = parseOptions(listOptionsSchema, raw)
    const sdk = await ctx.sdk()
    await printList(ctx, sdk.sites.list(opts), opts, siteFields, 'sites')
  })
  examples(list, ['agentry sites list', 'agentry sites list --all --json'])
  const get = new Command('get')
    .description('Show one site (its pages: agentry pages list <siteId>)')
    .argument('<siteId>', 'the site id')
    .action(async (siteId: string) => {
      await ctx.output().item(await (await ctx.sdk()).sites.get(siteId))
    })
  examples(get, ['agentry sites get site_docs', 'agentry sites get site_docs --json'])
  examples(sites, ['agentry sites list', 'agentry sites get site_docs --json', 'agentry pages list site_docs'])
  program.addCommand(sites.addCommand(list).addCommand(get))
}
