import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { EchoLayout, softBreak } from '../../src/io/markdown/layout.js'
import stringWidth from 'string-width'
import { charWidth, sanitizeChunk, sanitizeLine, textWidth } from '../../src/io/markdown/width.js'
import { VTerm } from '../helpers/vterm.js'

const pieces = [
  'a',
  'b',
  ' ',
  '\t',
  '中',
  '😀',
  '⚠',
  '\ufe0f',
  '\u200d',
  'e\u0301',
  '🇫',
  '🇷',
  '👍',
  '🏽',
  '“',
  '…',
  '\x1b',
  '\r',
  '\x07',
  '\u0085',
  '\u2028',
]
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 80 }).map((a) => a.join(''))

/** `s` cut at `at` into the chunks the stream passes on: it holds back a high surrogate at the end of a chunk. */
function chunksAt(s: string, at: number[]): string[] {
  const points = [...new Set(at.filter((p) => p < s.length))].sort((a, b) => a - b)
  const chunks: string[] = []
  let carry = ''
  for (const piece of [0, ...points].map((p, i) => s.slice(p, points[i] ?? s.length))) {
    let c = carry + piece
    carry = /[\ud800-\udbff]$/.test(c) ? c.slice(-1) : ''
    if (carry) c = c.slice(0, -1)
    chunks.push(c)
  }
  return chunks
}

describe('widths', () => {
  test('charWidth is string-width of the code point, asked again (remembered) and past the size of its memory', () => {
    // U+00A0 on: Latin, combining marks, Greek, Cyrillic, Hebrew, Arabic, Indic...: more code points than the widths
    // remembered (4,096), so the memory is emptied on the way; then the first ones (forgotten) and the last ones
    // (remembered) are asked again
    const cps = Array.from({ length: 4200 }, (_, i) => 0xa0 + i)
    const want = cps.map((cp) => stringWidth(String.fromCodePoint(cp)))
    expect(cps.map(charWidth)).toEqual(want)
    expect([...cps.slice(0, 100), ...cps.slice(-100)].map(charWidth)).toEqual([
      ...want.slice(0, 100),
      ...want.slice(-100),
    ])
    expect([0x1f600, 0x1f600, 0x4e2d, 0x4e2d, 0x301, 0x301].map(charWidth)).toEqual([2, 2, 2, 2, 0, 0])
  })

  test('charWidth agrees with string-width past U+009F on plane 0 (its one-kind blocks by their ends) and the symbols of plane 1', () => {
    // width.ts applies string-width's rules for one code point without loading it (all 1.1 M code points agreed
    // when this was written). These ranges hold every kind those rules tell apart: marks, format and ignorable
    // characters, emoji, regional indicators, the prepended concatenation marks, tags and variation selectors, wide
    // ideographs; the blocks of one kind (CJK ideographs, Hangul syllables, private use) by their ends.
    const ranges: [number, number][] = [
      [0xa0, 0x34ff],
      [0x4d00, 0x4eff],
      [0x9f00, 0xacff],
      [0xd700, 0xe0ff],
      [0xf800, 0xffff],
      [0x1f000, 0x1faff],
      [0x110bd, 0x110cd],
      [0xe0000, 0xe01ef],
      [0x20000, 0x20100],
      [0x30000, 0x30100],
      [0xf0000, 0xf0010],
      [0x10fff0, 0x10ffff],
    ]
    const differ: string[] = []
    for (const [from, to] of ranges)
      for (let cp = from; cp <= to; cp++) {
        const want = stringWidth(String.fromCodePoint(cp))
        if (charWidth(cp) !== want) differ.push(`U+${cp.toString(16)}: ${charWidth(cp)}, string-width ${want}`)
      }
    expect(differ).toEqual([])
  })
})

describe('sanitizing', () => {
  test('chunk by chunk gives the same text as the whole line (tabs depend on the column)', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(80)), (s, at) => {
        let col = 0
        let out = ''
        for (const c of chunksAt(s, at)) {
          const r = sanitizeChunk(c, col)
          col = r.col
          out += r.text
        }
        expect(out).toBe(sanitizeLine(s))
        expect(out).not.toMatch(/[\x00-\x1f\x7f-\x9f\u2028]/)
        expect(col).toBe(textWidth(sanitizeLine(s)))
      }),
    )
  })

  test('tabs go to the next multiple of four columns', () => {
    expect(sanitizeLine('\tx')).toBe('    x')
    expect(sanitizeLine('ab\tx')).toBe('ab  x')
    expect(sanitizeLine('中\tx')).toBe('中  x')
  })
})

describe('echo layout', () => {
  test('breaks rows itself, one column short of the edge, so the terminal never wraps (either width model)', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(fc.nat(80)),
        fc.integer({ min: 3, max: 30 }),
        fc.boolean(),
        (raw, at, width, clusters) => {
          const s = sanitizeLine(raw)
          const layout = new EchoLayout(width)
          const term = new VTerm(width, Number.POSITIVE_INFINITY, clusters)
          let out = ''
          for (const c of chunksAt(s, at)) out += layout.place(c)
          term.write(out)
          expect(term.autowraps).toBe(0)
          expect(out.split(softBreak).length - 1).toBe(layout.row)
          expect(term.row).toBe(layout.row)
          expect(out.replaceAll(softBreak, '')).toBe(s)
          // Going back over the region lands on its first row, and erases all of it.
          term.write(layout.replace(''))
          expect([term.row, term.col]).toEqual([0, 0])
          expect(term.text()).toBe('')
        },
      ),
    )
  })

  test('a held line is replayed with the same rows', () => {
    const layout = new EchoLayout(10)
    const echo = `${layout.place('0123456789abcdefghij')}${softBreak}`
    layout.newline()
    const rows = layout.row
    layout.reset()
    layout.replay(echo)
    expect(layout.row).toBe(rows)
    expect(rows).toBe(3)
  })
})
