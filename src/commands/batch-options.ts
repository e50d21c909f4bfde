// The batch flags shared by `scenario run --batch` and `webhook trigger --batch` (commands.md "Added in the second
// round"; docs/commands.md "Batch runs"): declared for defineCommand with batchFlags() and checked together by batchOf();
// a bad value is a usage error naming its flag. withBatchOptions/batchOptions are the old commander + zod way, kept
// until `scenario run` is declared (issue 7 item 6).
import type { Command } from 'commander'
import * as z from 'zod'
import { UsageError } from '../errors.js'
import { parseShard, type Shard } from '../io/shard.js'
import { custom, int, text } from './options.js'
import { parseOptions } from './shared.js'

/** Most runs a batch keeps in flight (each is one connection to the service). */
export const maxBatchConcurrency = 64

/** The range of --concurrency. */
const batchConcurrencyRange = { min: 1, max: maxBatchConcurrency }

/** The raw batch flags. */
const batchSchema = z.object({
  batch: z.string().min(1, 'give a file, or - for stdin').optional(),
  concurrency: z
    .string()
    .regex(/^\d+$/, `must be a whole number from 1 to ${maxBatchConcurrency}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= maxBatchConcurrency, `must be from 1 to ${maxBatchConcurrency}`)
    .optional(),
  results: z.string().min(1, 'give a path').optional(),
  junit: z.string().min(1, 'give a path').optional(),
  resume: z.string().min(1, 'give the --results file of an earlier run').optional(),
  shard: z.string().optional(),
})

/** The batch flags, checked. */
export interface BatchOptions {
  batch: string
  concurrency: number
  results: string | undefined
  junit: string | undefined
  resume: string | undefined
  shard: Shard | undefined
}

/** Adds the batch flags to a command that sends one request (`what`: "run", "trigger"). */
export function withBatchOptions(cmd: Command, what: string): Command {
  return cmd
    .option('--batch <file>', `one ${what} per NDJSON line of the file (- for stdin); see below`)
    .option('--concurrency <n>', `with --batch: ${what}s in flight, 1 to ${maxBatchConcurrency} (default 8)`)
    .option('--results <file>', 'with --batch: write the result lines (NDJSON) here instead of stdout')
    .option('--junit <file>', 'with --batch: write a JUnit XML report here at the end')
    .option('--resume <results>', `with --batch: skip the inputs this results file shows completed`)
    .option('--shard <i/n>', 'with --batch: only the inputs of shard i of n (a CI matrix job)')
}

/**
 * The batch flags of a run, or undefined without --batch (then any other batch flag is a usage error). `conflicting`
 * are the single-run flags that make no sense with --batch (name → given?).
 */
export function batchOptions(
  raw: Record<string, unknown>,
  conflicting: Record<string, boolean>,
): BatchOptions | undefined {
  return batchOf(parseOptions(batchSchema, raw), conflicting)
}

/**
 * The batch of a run from its batch flags (batchFlags() parsed, or the old raw ones with the shard still text), or
 * undefined without --batch: the others only with --batch, none of `conflicting` (name → given?) with it.
 */
export function batchOf(
  o: Omit<BatchFlags, 'shard'> & { shard?: Shard | string | undefined },
  conflicting: Record<string, boolean>,
): BatchOptions | undefined {
  if (o.batch === undefined) {
    const stray = (['concurrency', 'results', 'junit', 'resume', 'shard'] as const).find((k) => o[k] !== undefined)
    if (stray)
      throw new UsageError(`--${stray} works only with --batch <file>`, 'add --batch <file.ndjson>, or drop it')
    return undefined
  }
  const clash = Object.entries(conflicting).find(([, given]) => given)
  if (clash) throw new UsageError(`${clash[0]} cannot be used with --batch`, 'the inputs come from the --batch file')
  return {
    batch: o.batch,
    concurrency: o.concurrency ?? 8,
    results: o.results,
    junit: o.junit,
    resume: o.resume,
    shard: typeof o.shard === 'string' ? parseShard(o.shard) : o.shard,
  }
}

/** The batch flags of a declared command (defineCommand) that sends one request (`what`: "run", "trigger"). */
export function batchFlags(what: string) {
  return {
    batch: text('--batch <file>', `one ${what} per NDJSON line of the file (- for stdin); see below`, {
      nonEmpty: true,
    }),
    concurrency: int(
      '--concurrency <n>',
      `with --batch: ${what}s in flight, 1 to ${maxBatchConcurrency} (default 8)`,
      batchConcurrencyRange,
    ),
    results: text('--results <file>', 'with --batch: write the result lines (NDJSON) here instead of stdout', {
      nonEmpty: true,
    }),
    junit: text('--junit <file>', 'with --batch: write a JUnit XML report here at the end', { nonEmpty: true }),
    resume: text('--resume <results>', 'with --batch: skip the inputs this results file shows completed', {
      nonEmpty: true,
    }),
    shard: custom('--shard <i/n>', 'with --batch: only the inputs of shard i of n (a CI matrix job)', parseShard),
  }
}

/** What batchFlags() give a command's run(). */
export interface BatchFlags {
  batch?: string | undefined
  concurrency?: number | undefined
  results?: string | undefined
  junit?: string | undefined
  resume?: string | undefined
  shard?: Shard | undefined
}
