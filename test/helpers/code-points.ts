// fast-check's `unit: 'binary'` (any code point but the lone surrogates) without its first-use cost: fast-check builds
// that unit as a map over all 1,112,064 code points and, the first time a string of it is made (its custom slices
// unmap '__proto__' and the like), a reverse Map of every one of them: 2-4 s of CPU in each worker that uses it. This
// is the same unit, drawn the same way (a natural number, the surrogate gap skipped), with its reverse computed.
import fc from 'fast-check'

/** The first code point after the UTF-16 surrogates, and how many there are. */
const afterSurrogates = 0xe000
const surrogates = 0xe000 - 0xd800

/** One code point of any plane, lone surrogates excepted: fast-check's 'binary' unit. */
const anyCodePoint: fc.Arbitrary<string> = fc.nat({ max: 0x10ffff - surrogates }).map(
  (n) => String.fromCodePoint(n < 0xd800 ? n : n + surrogates),
  (v) => {
    const c = typeof v === 'string' ? v.codePointAt(0) : undefined
    if (c === undefined || String.fromCodePoint(c) !== v || (c >= 0xd800 && c < afterSurrogates))
      throw new Error('not one code point')
    return c < 0xd800 ? c : c - surrogates
  },
)

/** Strings of any code points (fast-check's `fc.string({ unit: 'binary', ... })`). */
export const anyString = (constraints: Omit<fc.StringConstraints, 'unit'> = {}): fc.Arbitrary<string> =>
  fc.string({ ...constraints, unit: anyCodePoint })
