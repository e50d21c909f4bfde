// `agentry cms query|get|save|delete|export|import` (commands.md; wire.md "CMS content"; service-interface 2.6, 4.7).
import { Command } from 'commander'
import type { Context } from '../../context.js'
import { exportCommand } from './export.js'
import { importCommand } from './import.js'
import { queryCommand } from './query.js'
import { recordCommands } from './records.js'

/** Registers the cms group. */
export function register(program: Command, ctx: Context): void {
  const cms = new Command('cms')
    .description('Content records: query, get, save, delete, export and import')
    .addHelpText(
      'after',
      `
--where language: status = "published" and (views > 100 or featured = true)
  operators = != > >= < <= and the words eq neq gt gte lt lte like ilike in notIn begins ends;
  and, or, parentheses; strings in double quotes, numbers, true/false/null, arrays ["a","b"].
  like/ilike: substring (case-sensitive / not); begins/ends: prefix / suffix.

Examples:
  agentry cms query posts --where 'status = "published"' --order-by views:desc --select title,views
  agentry cms query posts --group-by category --count --sum views
  agentry cms export posts --out posts.ndjson && agentry cms import posts_copy posts.ndjson
`,
    )
  cms.addCommand(queryCommand(ctx))
  for (const c of recordCommands(ctx)) cms.addCommand(c)
  cms.addCommand(exportCommand(ctx)).addCommand(importCommand(ctx))
  program.addCommand(cms)
}
