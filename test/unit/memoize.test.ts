// src/text/memoize.ts: each answer computed once; all dropped past the limit, so the kept answers stay bounded.
import { expect, it } from 'vitest'
import { memoize } from '../../src/text/memoize.js'

it('computes each argument once, keeps undefined answers too, and drops every kept answer past its limit', () => {
  const asked: number[] = []
  const half = memoize((n: number) => {
    asked.push(n)
    return n % 2 === 0 ? n / 2 : undefined
  }, 3)
  expect([half(2), half(3), half(2), half(3)]).toEqual([1, undefined, 1, undefined])
  expect(asked).toEqual([2, 3])
  half(4) // three kept
  half(6) // past the limit: all dropped, then 6 kept
  half(6)
  half(2)
  expect(asked).toEqual([2, 3, 4, 6, 2])
})
