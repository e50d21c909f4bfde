import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { challengeS256, createPkcePair, createVerifier, isValidVerifier, verifyS256 } from '../../src/auth/pkce.js'

// RFC 7636 appendix B.
const rfcVerifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const rfcVerifierOctets = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91,
  88, 5, 88, 83, 132, 141, 121,
]
const rfcChallengeOctets = [
  19, 211, 30, 150, 26, 26, 216, 236, 47, 22, 177, 12, 76, 152, 46, 8, 118, 168, 120, 173, 109, 241, 68, 86, 110, 225,
  137, 74, 203, 112, 249, 195,
]
const rfcChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

describe('PKCE S256', () => {
  it('computes the challenge of RFC 7636 appendix B', () => {
    expect(Buffer.from(rfcVerifierOctets).toString('base64url')).toBe(rfcVerifier)
    expect([...Buffer.from(challengeS256(rfcVerifier), 'base64url')]).toEqual(rfcChallengeOctets)
    expect(challengeS256(rfcVerifier)).toBe(rfcChallenge)
    expect(verifyS256(rfcVerifier, rfcChallenge)).toBe(true)
  })

  it('creates verifiers of 43 base64url characters that differ each time', () => {
    const a = createVerifier()
    const b = createVerifier()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(isValidVerifier(a)).toBe(true)
    expect(a).not.toBe(b)
  })

  it('pairs a verifier with its challenge', () => {
    const p = createPkcePair()
    expect(p.method).toBe('S256')
    expect(p.challenge).toBe(createHash('sha256').update(p.verifier).digest('base64url'))
    expect(verifyS256(p.verifier, p.challenge)).toBe(true)
  })

  it('rejects the wrong verifier, the plain method and malformed verifiers', () => {
    expect(verifyS256(`${rfcVerifier.slice(0, -1)}j`, rfcChallenge)).toBe(false)
    expect(verifyS256(rfcVerifier, rfcVerifier)).toBe(false)
    expect(verifyS256('short', challengeS256('short'))).toBe(false)
    expect(verifyS256('x'.repeat(129), challengeS256('x'.repeat(129)))).toBe(false)
    expect(verifyS256(`${'a'.repeat(43)}!`, challengeS256(`${'a'.repeat(43)}!`))).toBe(false)
  })

  it('checks verifier form per RFC 7636 4.1', () => {
    const unreserved = fc.constantFrom(...'ABCXYZabcxyz0189-._~')
    fc.assert(
      fc.property(fc.string({ unit: unreserved, minLength: 0, maxLength: 140 }), (v) => {
        expect(isValidVerifier(v)).toBe(v.length >= 43 && v.length <= 128)
      }),
    )
  })
})
