// Checks of the contract's zod schemas that the generated fast checks (src/api/accept/<family>.gen.ts,
// scripts/gen/accept.ts) copy as a call of a zod-free function: a refinement is code the generator cannot read, so the
// schema that uses one says here which plain function decides the same (test/unit/fast-accept.test.ts holds both to
// it). Free of zod.
import { parseWholeNumber } from '../../text/whole-number.js'

/** A check instance (what `z.superRefine(…)` returns) → the function of this module that decides the same, and its arguments. */
export const copiedChecks = new WeakMap<object, { name: 'isWholeIn'; args: readonly number[] }>()

/** What is wrong with a whole-number query value (a string on the wire) from `min` to `max`: nothing, its form, its range. */
export function wholeInProblem(s: string, min: number, max: number): 'whole' | 'range' | undefined {
  const n = parseWholeNumber(s, { min: 0 })
  if (typeof n !== 'number') return 'whole'
  return n < min || n > max ? 'range' : undefined
}

/** A whole-number query value from `min` to `max` (a check of src/api/accept/cms.gen.ts). */
export function isWholeIn(s: string, min: number, max: number): boolean {
  return wholeInProblem(s, min, max) === undefined
}
