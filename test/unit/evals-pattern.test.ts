// regex / not-regex assertions run in linear time (RE2 through re2js): a pattern that would backtrack without bound
// in JavaScript's engine answers at once, and what RE2 cannot run is refused with the reason.
import { describe, expect, it } from 'vitest'
import { check } from '../../src/evals/assertions.js'
import { compilePattern } from '../../src/evals/pattern.js'

const env = { vars: {}, judge: () => Promise.reject(new Error('no judge')) }
const answer = (text: string) => ({ text, toolCalls: [], finishReason: 'stop', usage: null, latencyMs: 1 })

describe('regex assertions in linear time', () => {
  it('(a+)+$ on a 40-character answer that does not match ends (JavaScript backtracks ~2^40 steps)', async () => {
    const text = `${'a'.repeat(40)}!`
    const r = await check({ type: 'regex', value: '(a+)+$' }, answer(text), env)
    expect(r.pass).toBe(false)
    expect(r.reason).toBe('does not match /(a+)+$/')
    const not = await check({ type: 'not-regex', value: '(a+)+$' }, answer(text), env)
    expect(not.pass).toBe(true)
  })

  it('keeps the JavaScript syntax and flags: i, m, s, y', () => {
    const run = (v: string, f: string, t: string) => {
      const p = compilePattern(v, f)
      if (typeof p !== 'function') throw new Error(p.problem)
      return p(t)
    }
    expect(run('pa\\w+s', 'i', 'in PARIS today')).toBe('PARIS')
    expect(run('^b$', 'm', 'a\nb\nc')).toBe('b')
    expect(run('^b$', '', 'a\nb\nc')).toBeNull()
    expect(run('a.b', 's', 'a\nb')).toBe('a\nb')
    expect(run('a.b', '', 'a\nb')).toBeNull()
    expect(run('b', 'y', 'ab')).toBeNull()
    expect(run('(?<city>\\p{Lu}\\w+)', 'u', 'in Paris')).toBe('Paris')
  })

  it.each([
    ['a(?=b)', 'Perl syntax'],
    ['(?<=a)b', 'named capture'],
    ['(a)\\1', 'escape'],
  ])('refuses %s, which RE2 cannot run, with a hint', (value, why) => {
    const p = compilePattern(value)
    expect(p).toEqual({
      problem: expect.stringMatching(new RegExp(`^a pattern the linear-time engine \\(RE2\\) cannot run: .*${why}`)),
      hint: expect.stringContaining('lookahead, lookbehind and backreferences'),
    })
  })

  it('an invalid pattern still gets JavaScript’s own message', () => {
    expect(compilePattern('a(b')).toEqual({
      problem: 'not a valid regular expression: Invalid regular expression: /a(b/: Unterminated group',
    })
  })
})
