// --shard <i>/<n> (src/io/shard.ts): deterministic, disjoint and complete over i = 1…n, by position and by key.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UsageError } from '../../src/errors.js'
import { inShard, parseShard, shardOf } from '../../src/io/shard.js'

describe('parseShard', () => {
  it('reads i/n', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 })
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 })
  })
  it.each(['0/4', '5/4', '1/0', '4', 'a/b', '-1/2', '1/20000', '1.5/3', '', ' 1 / 1 ', '1e0/2'])(
    'refuses %j naming the flag',
    (text) => {
      expect(() => parseShard(text)).toThrow(UsageError)
      expect(() => parseShard(text)).toThrow(/--shard .*expected <i>\/<n>/)
    },
  )
})

describe('the shards of a set', () => {
  const partition = (items: (number | string)[], n: number) =>
    Array.from({ length: n }, (_, k) => items.filter((it) => inShard(it, { index: k + 1, count: n })))

  it('positions and keys: every item in exactly one shard, the same one every time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat({ max: 1_000_000 }), fc.string()), { maxLength: 200 }),
        fc.integer({ min: 1, max: 12 }),
        (items, n) => {
          const shards = partition(items, n)
          expect(shards.flat().length).toBe(items.length)
          for (const it of items) {
            const holders = shards.filter((s) => s.includes(it))
            expect(holders.length).toBe(1)
            expect(shardOf(it, n)).toBe(shardOf(it, n))
          }
        },
      ),
    )
  })

  it('positions are dealt round-robin: sizes differ by at most one', () => {
    const sizes = partition([...Array(103).keys()], 4).map((s) => s.length)
    expect(sizes).toEqual([26, 26, 26, 25])
  })

  it('keys spread over the shards, and a key stays where it is (a fixed FNV-1a value)', () => {
    const keys = Array.from({ length: 4000 }, (_, i) => `rec_${i}`)
    for (const s of partition(keys, 4)) expect(s.length).toBeGreaterThan(850)
    expect(shardOf('rec_1', 1000)).toBe(shardOf('rec_1', 1000))
    // FNV-1a 32 of "a" is 0xe40c292c: pinned so that a change of hash (which would move records) fails here
    expect(shardOf('a', 0x10000)).toBe((0xe40c292c % 0x10000) + 1)
  })

  it('no shard given: everything', () => {
    expect(inShard(7, undefined)).toBe(true)
  })
})
