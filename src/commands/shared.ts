// Small helpers the command files share: zod parsing of raw options, list options, common field sets.
import type { Command } from 'commander'
import type { z } from 'zod'
import { UsageError } from '../errors.js'

/** Parses a command's raw options with its zod schema; the first problem becomes a usage error naming the flag. */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const r = schema.safeParse(raw)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const key = issue?.path[0]
  const flag = typeof key === 'string' ? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : 'options'
  throw new UsageError(`${flag}: ${issue?.message ?? 'invalid value'}`)
}

/** Adds --page, --limit and --all to a list command. */
export function withListOptions(cmd: Command): Command {
  return cmd
    .option('--page <n>', 'page number, from 1')
    .option('--limit <n>', 'page size')
    .option('--all', 'follow every page')
}

/** Adds an "Examples:" block to a command's help. */
export function examples(cmd: Command, lines: string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}\n`)
}
