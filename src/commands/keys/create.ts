// `agentry keys create`: a new API key, scoped to agents, scenarios and CMS access (service-interface 5.2; wire.md
// "API keys"). The service shows the key once; agentry prints it once, to stdout: just the key when piped, so
// `KEY=$(agentry keys create --name ci)` works, the whole record with --json.
import { Command, Option } from 'commander'
import * as z from 'zod'
import type { ApiKey } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import { CliError, ExitCode, UsageError } from '../../errors.js'
import { writeAll } from '../../io/iostreams.js'
import { parseDuration } from '../schedule/duration.js'
import { examples, parseOptions } from '../shared.js'

/** Options of `keys create`. */
export const createOptionsSchema = z.object({
  name: z.string().min(1, 'give a name').max(100, 'must be at most 100 characters'),
  agent: z.array(z.string().min(1, 'give an agent id')).default([]),
  scenario: z.array(z.string().min(1, 'give a scenario id')).default([]),
  cms: z.enum(['none', 'read', 'write'], 'must be none, read or write').optional(),
  expires: z.string().optional(),
})
export type CreateOptions = z.infer<typeof createOptionsSchema>

/** `--expires`: an ISO 8601 date or time, or a duration from now (30d, 12h, 1w); always in the future. */
export function expiresAt(text: string, now: number): string {
  const seconds = parseDuration(text)
  let at: number
  if (seconds !== undefined) at = now + seconds * 1000
  else if (/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/i.test(text.trim())) at = Date.parse(text.trim())
  else at = Number.NaN
  if (!Number.isFinite(at))
    throw new UsageError(`--expires ${text}: not a date or a duration`, 'e.g. --expires 30d or --expires 2030-01-31')
  if (at <= now) throw new UsageError(`--expires ${text}: that is not in the future`)
  return new Date(at).toISOString()
}

const collect = (value: string, previous: string[] = []) => [...previous, value]

/** The `keys create` command. */
export function keysCreateCommand(ctx: Context): Command {
  const cmd = new Command('create')
    .description('Create an API key and print it once (just the key when piped; --json for the record)')
    .requiredOption('--name <name>', 'a name to recognise it by')
    .option('--agent <id>', 'allow only this agent (repeatable); default: every agent', collect)
    .option('--scenario <id>', 'allow only this scenario (repeatable); default: every scenario', collect)
    .addOption(
      new Option('--cms <access>', 'CMS access (default: the service default)').choices(['none', 'read', 'write']),
    )
    .option('--expires <when>', 'expiry: an ISO date or time, or a duration from now such as 30d')
    .action(async (raw) => keysCreate(parseOptions(createOptionsSchema, raw), ctx))
  return examples(cmd, [
    'KEY=$(agentry keys create --name ci --agent ag_1 --cms read --expires 30d)',
    'agentry keys create --name deploy --scenario scn_1 --scenario scn_2 --json',
  ])
}

/** Creates the key and prints it once. */
export async function keysCreate(o: CreateOptions, ctx: Context): Promise<void> {
  const scopes: ApiKey['scopes'] = {}
  if (o.agent.length) scopes.agents = o.agent
  if (o.scenario.length) scopes.scenarios = o.scenario
  if (o.cms) scopes.cms = o.cms
  const body = { name: o.name, scopes, ...(o.expires ? { expiresAt: expiresAt(o.expires, ctx.now()) } : {}) }
  const created = await (await ctx.sdk()).keys.create(body)
  if (!created.key)
    throw new CliError('the service created the key but did not return it', { exitCode: ExitCode.server })
  ctx.redactor.add(created.key)
  if (!ctx.outputChosen() && !ctx.io.stdoutIsTTY) return writeAll(ctx.io.stdout, `${created.key}\n`)
  await ctx.output().item(created)
  if (ctx.io.stdoutIsTTY) ctx.warn('the key above is shown once; store it now')
}
