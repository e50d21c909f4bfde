// The terminal sanitiser (src/text/sanitize.ts) and the JSON writer that escapes C1: every control character shown,
// never passed through; JSON values exact.
import fc from 'fast-check'
import { anyString } from '../helpers/code-points.js'
import { describe, expect, it } from 'vitest'
import { CliError, formatError } from '../../src/errors.js'
import { sanitize, sanitizeText, stringifyJson } from '../../src/text/sanitize.js'
import { expectNoRawAttack, expectShown, hostile, hostileShown, hostileText } from '../helpers/hostile.js'

const controls = /[\u0000-\u001f\u007f-\u009f]/

describe('sanitize', () => {
  it('shows each attack as visible escapes', () => {
    for (const h of Object.values(hostile)) expect(sanitize(h.raw)).toBe(h.shown)
    expect(sanitize(hostileText)).toBe(hostileShown)
  })

  it('covers DCS, APC, PM, SOS, a lone ESC, NUL, BS, DEL and the whole C1 range', () => {
    expect(sanitize('\x1bP1$r\x1b\\')).toBe('\\u001bP1$r\\u001b\\')
    expect(sanitize('\x1b_apc\x1b\\\x1b^pm\x1b\\\x1bXsos\x1b\\')).toBe(
      '\\u001b_apc\\u001b\\\\u001b^pm\\u001b\\\\u001bXsos\\u001b\\',
    )
    expect(sanitize('a\x1b')).toBe('a\\u001b')
    expect(sanitize('\0\b\x7f')).toBe('\\u0000\\b\\u007f')
    for (let c = 0x80; c <= 0x9f; c++) expect(sanitize(String.fromCharCode(c))).toBe(`\\u00${c.toString(16)}`)
  })

  it('keeps LF and TAB only when asked, and reads CRLF as LF then', () => {
    expect(sanitize('a\nb\tc')).toBe('a\\nb\\tc')
    expect(sanitizeText('a\r\nb\tc\rd')).toBe('a\nb\tc\\rd')
    expect(sanitize('plain ünïcödé 日本 🎉')).toBe('plain ünïcödé 日本 🎉')
  })

  it('never lets a control character through, however the text is chunked', () => {
    fc.assert(
      fc.property(anyString(), fc.nat(), (s, at) => {
        const cut = at % (s.length + 1)
        const whole = sanitize(s)
        expect(controls.test(whole)).toBe(false)
        expect(sanitize(s.slice(0, cut)) + sanitize(s.slice(cut))).toBe(whole)
      }),
      { numRuns: 300 },
    )
  })
})

describe('stringifyJson', () => {
  it('escapes C0, DEL, C1 and bidi overrides but keeps the exact values', () => {
    const value = { name: hostileText, nel: 'a\u0085b', del: '\x7f' }
    const text = stringifyJson(value, 2)
    expect(controls.test(text.replace(/\n/g, ''))).toBe(false)
    expect(text).toContain('"a\\u0085b"')
    expect(text).toContain('"\\u007f"')
    expect(JSON.parse(text)).toEqual(value)
  })

  it('round-trips any value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), anyString(), (v, s) => {
        const value = { v, s }
        const text = stringifyJson(value)
        expect(controls.test(text)).toBe(false)
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)))
      }),
    )
  })
})

describe('formatError', () => {
  const opts = { format: 'text' as const, debug: false, color: (s: string) => s }

  it('shows a hostile message and hint, never obeys them', () => {
    const { text } = formatError(new CliError(`GET /x: 400 ${hostileText}`, { hint: `try ${hostile.title.raw}` }), opts)
    expectNoRawAttack(text)
    expectShown(text)
    expect(text).toContain(`hint: try ${hostile.title.shown}\n`)
  })

  it('in JSON, keeps the message exact with C1 escaped', () => {
    const { text } = formatError(new CliError(hostileText), { ...opts, format: 'json' })
    expectNoRawAttack(text)
    expect(JSON.parse(text).error.message).toBe(hostileText)
  })
})
