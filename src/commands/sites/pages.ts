// `agentry pages list <siteId>|get <siteId> <pageId>` (commands.md; wire.md "Sites, files, images"): read-only.
import { Command } from 'commander'
import type { Context } from '../../context.js'
import type { Field } from '../../io/output.js'
import { listOptionsSchema } from '../list-options.js'
import { examples, parseOptions, withListOptions } from '../shared.js'
import { printList } from '../list-notes.js'

/** Columns of `pages list`. */
export const pageFields: Field<Record<string, unknown>>[] = [
  { header: 'ID', get: (p) => p.id },
  { header: 'TITLE', get: (p) => p.title },
  { header: 'PATH', get: (p) => p.path },
  { header: 'UPDATED', get: (p) => p.updatedAt },
]

/** Registers the pages group. */
export function register(program: Command, ctx: Context): void {
  const pages = new Command('pages').alias('page').description('List the pages of a site, show one')
  const list = withListOptions(
    new Command('list').alias('ls').description('List the pages of a site').argument('<siteId>', 'the site'),
  ).action(async (siteId: string, raw: unknown) => {
    const opts = parseOptions(listOptionsSchema, raw)
    const sdk = await ctx.sdk()
    await printList(ctx, sdk.pages.list(siteId, opts), opts, pageFields, 'pages')
  })
  examples(list, ['agentry pages list site_docs', 'agentry pages ls site_docs --all -o ndjson'])
  const get = new Command('get')
    .description('Show one page of a site, with its content')
    .argument('<siteId>', 'the site')
    .argument('<pageId>', 'the page')
    .action(async (siteId: string, pageId: string) => {
      await ctx.output().item(await (await ctx.sdk()).pages.get(siteId, pageId))
    })
  examples(get, [
    'agentry pages get site_docs page_home',
    'agentry pages get site_docs page_home --json | jq -r .content',
  ])
  examples(pages, ['agentry pages list site_docs', 'agentry pages get site_docs page_home --json'])
  program.addCommand(pages.addCommand(list).addCommand(get))
}
