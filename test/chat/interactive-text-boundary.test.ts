// Regression: a property run found Up moving the cursor between 👍 and its skin-tone modifier, because the line was
// segmented only up to the cursor (a slice that ends inside a cluster segments differently).
import { expect, it } from 'vitest'
import { prevBoundary, snapBoundary } from '../../src/chat/interactive/text.js'

it('finds the start of the cluster that holds an index inside 👍🏽', () => {
  const s = '👍🏽\naa'
  expect(prevBoundary(s, 3)).toBe(0)
  expect(prevBoundary(s, 2)).toBe(0)
  expect(snapBoundary(s, 2)).toBe(0)
  expect(prevBoundary(s, 4)).toBe(0)
  expect(prevBoundary('ae\u0301b', 3)).toBe(1)
})
