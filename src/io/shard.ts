// `--shard <i>/<n>`: split work over a CI matrix of n jobs. Deterministic (the same item always lands in
// the same shard), disjoint (in exactly one) and complete (the n shards together hold every item). Items with a
// position (batch input lines) are dealt round-robin, which keeps the shards' sizes within one; items known by a key
// (a record id) go by a stable hash of the key, which does not depend on order or on what else is in the set.
import { UsageError } from '../errors.js'
import { parseWholeNumber } from '../text/whole-number.js'

/** One shard of n: `index` counts from 1 (as a CI matrix does). */
export interface Shard {
  index: number
  count: number
}

/** Most shards a job may be split into (a CI matrix is far smaller; a bound keeps typos like 1/10000000 out). */
const maxShards = 10_000

/** Parses `--shard <i>/<n>`; a usage error naming `flag` when it is not 1 ≤ i ≤ n ≤ maxShards. */
export function parseShard(text: string, flag = '--shard'): Shard {
  const parts = text.split('/')
  const hint = `e.g. ${flag} 2/4 (the second of four jobs)`
  const refuse = (why: string) =>
    new UsageError(`${flag} ${text}: expected <i>/<n> with 1 ≤ i ≤ n ≤ ${maxShards}${why}`, hint)
  const [index, count] = parts.map((p) => parseWholeNumber(p, { min: 0, max: 999_999 }))
  if (parts.length !== 2 || typeof index !== 'number' || typeof count !== 'number') throw refuse('')
  if (count < 1 || count > maxShards) throw refuse(`: n must be 1 to ${maxShards}`)
  if (index < 1 || index > count) throw refuse(`: i must be 1 to ${count}`)
  return { index, count }
}

/** FNV-1a (32-bit) of the key's UTF-8 bytes: stable across runs, machines and Node versions. */
function fnv1a(key: string): number {
  let h = 0x811c9dc5
  for (const byte of Buffer.from(key, 'utf8')) {
    h ^= byte
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** The shard (1…count) an item belongs to: a position (from 0) round-robin, a string key by its hash. */
export function shardOf(item: number | string, count: number): number {
  if (typeof item === 'number') {
    if (!Number.isSafeInteger(item) || item < 0) throw new RangeError(`shard position must be a whole number ≥ 0`)
    return (item % count) + 1
  }
  return (fnv1a(item) % count) + 1
}

/** Whether an item (a position from 0, or a key) is in `shard`; every item is when no shard is given. */
export function inShard(item: number | string, shard: Shard | undefined): boolean {
  return shard === undefined || shardOf(item, shard.count) === shard.index
}

/** `i/n`, as the flag takes it (for messages and saved state). */
export const shardLabel = (s: Shard | undefined): string | undefined => (s ? `${s.index}/${s.count}` : undefined)
