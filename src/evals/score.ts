// A run's verdict from its assertions: the weighted score, and pass (every assertion, or the score at the threshold).
import type { AssertionResult } from './assertions.js'

/** The score (0 to 1, three decimals) and verdict of a run's assertions. */
export function scoreOf(assertions: readonly AssertionResult[], threshold: number | undefined) {
  const weights = assertions.reduce((s, a) => s + a.weight, 0)
  const score = weights > 0 ? assertions.reduce((s, a) => s + a.score * a.weight, 0) / weights : 1
  const pass = threshold !== undefined ? score >= threshold - 1e-9 : assertions.every((a) => a.pass)
  return { pass, score: Math.round(score * 1000) / 1000 }
}
