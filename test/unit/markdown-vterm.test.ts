import { describe, expect, test } from 'vitest'
import { VTerm } from '../helpers/vterm.js'

describe('vterm (the markdown tests rely on it)', () => {
  test('autowraps at the margin with a pending wrap, like xterm', () => {
    const t = new VTerm(4)
    t.write('abcd')
    expect([t.row, t.col]).toEqual([0, 4])
    t.write('\nxy')
    expect(t.text()).toBe('abcd\nxy')
    t.write('zzzzz')
    expect(t.text()).toBe('abcd\nxyzz\nzzz')
  })

  test('a wide character that does not fit wraps early, leaving a blank cell', () => {
    const t = new VTerm(5)
    t.write('abcd中')
    expect(t.text()).toBe('abcd\n中')
    expect([t.row, t.col]).toEqual([1, 2])
  })

  test('cursor up, erase line and erase down', () => {
    const t = new VTerm(10)
    t.write('one\r\ntwo\r\nthree')
    t.write('\r\x1b[2A\x1b[J1\n2')
    expect(t.text()).toBe('1\n2')
    t.write('\r\x1b[2Kx')
    expect(t.text()).toBe('1\nx')
    // CUD stops at the last row.
    t.write('\r\x1b[1A\x1b[B\x1b[5B')
    expect(t.row).toBe(2)
  })

  test('a bare LF seals the rows above it; CR LF does not', () => {
    const t = new VTerm(10)
    t.write('soft\r\nrow\r\x1b[1A\x1b[J')
    expect(t.rewrites).toEqual([])
    t.write('done\nnext\r\x1b[1A\x1b[Jx')
    expect(t.rewrites.map((r) => r.before)).toEqual(['done'])
  })

  test('the cursor cannot go above the top of the viewport', () => {
    const t = new VTerm(10, 2)
    t.write('a\nb\nc')
    t.write('\x1b[5A')
    expect(t.row).toBe(1)
  })

  test('tracks SGR attributes per cell and rejects unknown sequences', () => {
    const t = new VTerm(20)
    t.write('a\x1b[1mb\x1b[22mc\x1b[36md')
    expect(t.styledText()).toBe('a{1}b{}c{36}d{}')
    expect(t.openAttributes()).toEqual(['fg'])
    expect(() => t.write('\x1b[5n')).toThrow(/unsupported/)
    expect(() => t.write('\x07')).toThrow(/control/)
  })

  test('in cluster mode a joining code point widens the previous cell', () => {
    const t = new VTerm(10, Number.POSITIVE_INFINITY, true)
    t.write('a\u26a0\ufe0fb')
    expect([t.row, t.col]).toEqual([0, 4])
    const c = new VTerm(10)
    c.write('a\u26a0\ufe0fb')
    expect([c.row, c.col]).toEqual([0, 3])
    const edge = new VTerm(3, Number.POSITIVE_INFINITY, true)
    edge.write('ab\u26a0\ufe0f')
    expect(edge.text()).toBe('ab\n\u26a0\ufe0f')
    expect(edge.autowraps).toBe(1)
  })
})
