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

// fast-check's fc.webPath() and fc.webUrl() pay the same first-use cost: a path segment's characters are its
// alphanumerics and sub-delimiters or, one time in eleven, any code point percent-encoded ('binary' unit again). These
// are the same arbitraries (RFC 3986 segments, fast-check's default sizes) over anyCodePoint.

/** One character of a path segment: unreserved or sub-delimiter as is, or any code point percent-encoded. */
const segmentChar = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.constantFrom(...`abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@`),
  },
  {
    weight: 1,
    arbitrary: anyCodePoint.map(
      (c) => {
        const encoded = encodeURIComponent(c)
        return c !== encoded ? encoded : `%${c.charCodeAt(0).toString(16)}`
      },
      (v) => {
        if (typeof v !== 'string') throw new Error('not a string')
        return decodeURIComponent(v)
      },
    ),
  },
)
const pathOf = (segment: fc.Size, count: fc.Size) =>
  fc
    .array(fc.string({ unit: segmentChar, size: segment }), { size: count })
    .map((segments) => segments.map((s) => `/${s}`).join(''))

/** A URL path (fast-check's `fc.webPath()`): segments of the characters above, each after a `/`. */
export const webPath = (): fc.Arbitrary<string> => fc.oneof(pathOf('small', 'xsmall'), pathOf('xsmall', 'small'))

/** An http(s) URL without query or fragment (fast-check's `fc.webUrl()`): scheme, authority and webPath(). */
export const webUrl = (): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom('http', 'https'), fc.webAuthority(), webPath())
    .map(([scheme, authority, path]) => `${scheme}://${authority}${path}`)
