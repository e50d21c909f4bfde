// `agentry config list|get|set|unset|path|profiles` (commands.md, Groups). Values resolve flag > env > profile >
// default; `list` and `get` say where each came from.
import { Command } from 'commander'
import { kebab } from '../../config/resolve.js'
import type { Context } from '../../context.js'
import { CliError } from '../../errors.js'
import { examples } from '../shared.js'
import { configRowFields, configRows, parseKeyName, readableKeyNames } from './keys.js'
import { configPathCommand, configProfilesCommand } from './profiles.js'
import { configSetCommand, configUnsetCommand } from './set.js'
import { configProfilesDeleteCommand, configUseCommand } from './use.js'

/** Prints the value of one key (exit 1 when it has none, like `git config --get`). */
export async function configGetRun(ctx: Context, name: string): Promise<void> {
  const key = name === 'profile' ? 'profile' : kebab(parseKeyName(name))
  const row = configRows(await ctx.settings()).find((r) => r.key === key)
  if (!row || row.source === 'unset')
    throw new CliError(`${key} is not set`, { hint: `set it with: agentry config set ${key} <value>` })
  const out = ctx.output()
  if (out.format === 'table' || out.format === 'tsv') return out.text(String(row.value))
  await out.item(row)
}

/** Registers the config group. */
export function register(program: Command, ctx: Context): void {
  const config = new Command('config').description('Show and change settings and profiles')
  const list = new Command('list')
    .alias('ls')
    .description('Show every setting with its value and where it came from (flag, env, profile or default)')
    .action(async () => {
      await ctx.output().list(configRows(await ctx.settings()), configRowFields)
    })
  examples(list, ['agentry config list', 'agentry --profile ci config list --json', 'agentry config list | cut -f1,2'])
  const get = new Command('get')
    .description('Print the value of one setting as this run sees it (exit 1 when unset)')
    .argument('<key>', `one of: ${readableKeyNames().join(', ')}`)
    .action((key: string) => configGetRun(ctx, key))
  examples(get, ['agentry config get base-url', 'agentry config get account --json'])
  config
    .addCommand(list)
    .addCommand(get)
    .addCommand(configSetCommand(ctx))
    .addCommand(configUnsetCommand(ctx))
    .addCommand(configPathCommand(ctx))
    .addCommand(configProfilesCommand(ctx).addCommand(configProfilesDeleteCommand(ctx)))
    .addCommand(configUseCommand(ctx))
  examples(config, [
    'agentry config set base-url https://host/api/v1beta',
    'agentry config list',
    'agentry --profile staging config set account acc_2',
    'agentry config profiles',
    'agentry config use staging',
  ])
  program.addCommand(config)
}
