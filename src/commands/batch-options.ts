// The batch flags shared by `scenario run --batch` and `webhook trigger --batch` (commands.md "Added in the second
// round"; docs/commands.md "Batch runs"), declared with the option kinds: a bad value is a usage error naming its
// flag. `batchFlags` goes into a declaration's options; `checkBatch` then relates them to the single-run flags.
import { UsageError } from '../errors.js'
import { parseShard, type Shard } from '../io/shard.js'
import { nonEmpty } from './non-empty.js'
import { custom, int } from './options.js'

/** Most runs a batch keeps in flight (each is one connection to the service). */
export const maxBatchConcurrency = 64

/** The batch flags of a command that sends one request (`what`: "run", "trigger"), for defineCommand's options. */
export function batchFlags(what: string) {
  return {
    batch: custom(
      '--batch <file>',
      `one ${what} per NDJSON line of the file (- for stdin); see below`,
      nonEmpty('give a file, or - for stdin'),
    ),
    concurrency: int('--concurrency <n>', `with --batch: ${what}s in flight, 1 to ${maxBatchConcurrency} (default 8)`, {
      min: 1,
      max: maxBatchConcurrency,
    }),
    results: custom(
      '--results <file>',
      'with --batch: write the result lines (NDJSON) here instead of stdout',
      nonEmpty('give a path'),
    ),
    junit: custom('--junit <file>', 'with --batch: write a JUnit XML report here at the end', nonEmpty('give a path')),
    resume: custom(
      '--resume <results>',
      'with --batch: skip the inputs this results file shows completed',
      nonEmpty('give the --results file of an earlier run'),
    ),
    shard: custom('--shard <i/n>', 'with --batch: only the inputs of shard i of n (a CI matrix job)', (v, flag) =>
      parseShard(v, flag),
    ),
  }
}

/** The batch flags as parsed. */
interface ParsedBatchFlags {
  batch: string | undefined
  concurrency: number | undefined
  results: string | undefined
  junit: string | undefined
  resume: string | undefined
  shard: Shard | undefined
}

/** The batch flags, checked. */
export interface BatchOptions {
  batch: string
  concurrency: number
  results: string | undefined
  junit: string | undefined
  resume: string | undefined
  shard: Shard | undefined
}

/**
 * The batch of a run, or undefined without --batch (then any other batch flag is a usage error). `conflicting` are
 * the single-run flags that make no sense with --batch (name → given?).
 */
export function checkBatch(o: ParsedBatchFlags, conflicting: Record<string, boolean>): BatchOptions | undefined {
  if (o.batch === undefined) {
    const stray = (['concurrency', 'results', 'junit', 'resume', 'shard'] as const).find((k) => o[k] !== undefined)
    if (stray)
      throw new UsageError(`--${stray} works only with --batch <file>`, 'add --batch <file.ndjson>, or drop it')
    return undefined
  }
  const clash = Object.entries(conflicting).find(([, on]) => on)
  if (clash) throw new UsageError(`${clash[0]} cannot be used with --batch`, 'the inputs come from the --batch file')
  return { ...o, batch: o.batch, concurrency: o.concurrency ?? 8 }
}
