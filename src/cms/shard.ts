// `--shard <i>/<n>` of `cms export` and `cms import` (commands.md): a CI matrix job takes one part of the work. The
// parts are numbered items (export: pages; import: lines) split by number modulo n, so shard i of n holds items
// k with (k - 1) mod n = i - 1: deterministic, disjoint, and complete over i = 1…n, whatever the concurrency.
import { UsageError } from '../errors.js'

/** One shard of n: `index` from 1 to `count`. */
export interface Shard {
  index: number
  count: number
}

/** The most shards a job may be split into (a CI matrix is far smaller). */
export const maxShards = 10_000

/** Parses `i/n` (1 ≤ i ≤ n ≤ 10000); anything else is a usage error naming the flag. */
export function parseShard(value: string, flag = '--shard'): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value)
  const hint = 'e.g. --shard 2/4 for the second of four parts'
  if (!m) throw new UsageError(`${flag} must be <i>/<n>, got ${JSON.stringify(value)}`, hint)
  const index = Number(m[1])
  const count = Number(m[2])
  if (count < 1 || count > maxShards) throw new UsageError(`${flag}: n must be 1 to ${maxShards}, got ${count}`, hint)
  if (index < 1 || index > count) throw new UsageError(`${flag}: i must be 1 to ${count}, got ${index}`, hint)
  return { index, count }
}

/** Whether item number `k` (from 1) belongs to the shard (every item does without one). */
export function inShard(k: number, shard: Shard | undefined): boolean {
  return shard === undefined || (k - 1) % shard.count === shard.index - 1
}

/** `i/n`, as the flag takes it. */
export const shardLabel = (s: Shard | undefined): string | undefined => (s ? `${s.index}/${s.count}` : undefined)
