import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { secretsEqual, signBody, verifySignature } from '../../src/auth/hmac.js'

describe('signBody', () => {
  it('matches RFC 4231 test case 2', () => {
    expect(signBody('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    )
  })

  it('is the lowercase hex HMAC-SHA256 of the exact bytes, as node:crypto computes it', () => {
    fc.assert(
      fc.property(fc.string(), fc.uint8Array(), (secret, bytes) => {
        const expected = createHmac('sha256', secret).update(bytes).digest('hex')
        expect(signBody(secret, bytes)).toBe(expected)
        expect(signBody(secret, Buffer.from(bytes))).toMatch(/^[0-9a-f]{64}$/)
      }),
    )
  })

  it('signs a string as its UTF-8 bytes', () => {
    const body = JSON.stringify({ input: 'héllo ✓' })
    expect(signBody('k', body)).toBe(signBody('k', Buffer.from(body, 'utf8')))
  })
})

describe('verifySignature', () => {
  const secret = 'scn-secret'
  const body = Buffer.from('{"input":"hello"}')

  it('accepts the signature of the exact body', () => {
    expect(verifySignature(secret, body, signBody(secret, body))).toBe(true)
  })

  it('rejects a tampered body, a wrong key, uppercase hex and wrong lengths', () => {
    const sig = signBody(secret, body)
    expect(verifySignature(secret, Buffer.from('{"input":"hellp"}'), sig)).toBe(false)
    expect(verifySignature(secret, Buffer.from('{"input": "hello"}'), sig)).toBe(false)
    expect(verifySignature('other', body, sig)).toBe(false)
    expect(verifySignature(secret, body, sig.toUpperCase())).toBe(false)
    expect(verifySignature(secret, body, sig.slice(0, 63))).toBe(false)
    expect(verifySignature(secret, body, `${sig}0`)).toBe(false)
    expect(verifySignature(secret, body, '')).toBe(false)
    expect(verifySignature(secret, body, secret)).toBe(false)
  })

  it('rejects every single-character change of a valid signature', () => {
    const sig = signBody(secret, body)
    fc.assert(
      fc.property(fc.nat(63), fc.constantFrom(...'0123456789abcdef'), (i, c) => {
        fc.pre(sig[i] !== c)
        const bad = sig.slice(0, i) + c + sig.slice(i + 1)
        expect(verifySignature(secret, body, bad)).toBe(false)
      }),
    )
  })
})

describe('secretsEqual', () => {
  it('is string equality', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(secretsEqual(a, b)).toBe(a === b)
      }),
    )
    expect(secretsEqual('whsec_1', 'whsec_1')).toBe(true)
    expect(secretsEqual('whsec_1', 'whsec_12')).toBe(false)
  })
})
