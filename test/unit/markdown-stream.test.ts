import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  createMarkdownStream,
  type Highlighter,
  loadHighlighter,
  type MarkdownStreamOptions,
  renderMarkdown,
} from '../../src/io/markdown/index.js'
import { markdownDocs } from '../helpers/markdown-docs.js'
import { screenOf, VTerm } from '../helpers/vterm.js'

type Opts = Omit<MarkdownStreamOptions, 'write'>

function streamed(pieces: string[], opts: Opts, finish: 'end' | 'abort' | 'none' = 'end', clusters = false) {
  const term = new VTerm(opts.width, opts.height, clusters)
  // What each push (then end or abort) wrote, in order.
  const writes: string[] = []
  const s = createMarkdownStream({
    ...opts,
    write: (x) => {
      writes[writes.length - 1] += x
      term.write(x)
    },
  })
  for (const p of pieces) {
    writes.push('')
    s.push(p)
  }
  writes.push('')
  if (finish === 'end') s.end()
  if (finish === 'abort') s.abort()
  return { term, writes }
}

function cut(doc: string, at: number[]): string[] {
  const points = [...new Set(at)].sort((a, b) => a - b)
  return [0, ...points].map((p, i) => doc.slice(p, points[i] ?? doc.length))
}

/** The whole-text rendering's screen of each document and options, drawn once (property runs share it). */
const wholeScreens = new Map<string, string>()
function wholeScreen(doc: string, opts: Opts): string {
  const key = JSON.stringify([doc, opts.width, opts.color, opts.highlighter !== undefined])
  let screen = wholeScreens.get(key)
  if (screen === undefined) {
    screen = screenOf(renderMarkdown(doc, opts), opts.width).styledText()
    wholeScreens.set(key, screen)
  }
  return screen
}

/** The stream left the same screen as the whole-text rendering, and never touched a committed row. */
function expectSameAsWhole(doc: string, pieces: string[], opts: Opts): void {
  const { term } = streamed(pieces, opts)
  expect(term.rewrites).toEqual([])
  expect(term.styledText()).toBe(wholeScreen(doc, opts))
  expect(term.openAttributes()).toEqual([])
}

let highlighter: Highlighter
beforeAll(async () => {
  highlighter = await loadHighlighter()
})

const docs = Object.entries(markdownDocs)
const widths = [24, 41, 80]

describe('streamed rendering ends as the whole-text rendering', () => {
  /** Every document, without and with colour. */
  const cases = docs.flatMap(([name, doc]) => [false, true].map((color) => [name, color, doc] as const))

  test.each(cases)('%s, colour %s, random token boundaries', (_, color, doc) => {
    fc.assert(
      fc.property(
        fc.constantFrom(...widths),
        fc.array(fc.integer({ min: 1, max: doc.length - 1 }), { maxLength: 200 }),
        (width, at) => expectSameAsWhole(doc, cut(doc, at), { width, color, highlighter }),
      ),
      { numRuns: 25 },
    )
  })

  test.each(cases)('%s, colour %s, one code unit at a time', (_, color, doc) => {
    for (const width of widths) expectSameAsWhole(doc, doc.split(''), { width, color, highlighter })
  })

  test('in one push, and with no newline at the end', () => {
    for (const [, doc] of docs) {
      expectSameAsWhole(doc, [doc], { width: 50, color: true, highlighter })
      const trimmed = doc.trimEnd()
      expectSameAsWhole(trimmed, [trimmed], { width: 50, color: false })
    }
  })

  test('CRLF line ends are read, and control characters reach the terminal only as visible escapes', () => {
    const doc = '# T\x1b[31m\r\n\tcode\x07 after tab\r\nx\u0085y\u2028z\r\n'
    const { term } = streamed(doc.split(''), { width: 30, color: false })
    expect(term.text()).toBe('# T\\u001b[31m\n    code\\u0007 after tab\nx\\u0085y z')
    expectSameAsWhole(doc, doc.split(''), { width: 30, color: true })
  })
})

describe('terminals that measure grapheme clusters (kitty, WezTerm, Ghostty)', () => {
  const emoji = `${'⚠️ '.repeat(30)}\n${'👍🏽👨‍👩‍👧🇫🇷❤️✔️'.repeat(8)}\n- 😀 ${'“quoted” — text… '.repeat(6)}\n${markdownDocs.intl}`
  test('the raw echo never wraps on its own, so redraws stay exact', () => {
    // the whole-text screen depends on the width alone: drawn once for each
    const wholes = new Map(
      [13, 24, 41].map((w) => [w, screenOf(renderMarkdown(emoji, { width: w, color: false }), w, true)]),
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...wholes.keys()),
        fc.array(fc.integer({ min: 1, max: emoji.length - 1 }), { maxLength: 100 }),
        (width, at) => {
          const { term } = streamed(cut(emoji, at), { width, color: false }, 'end', true)
          const whole = wholes.get(width)!
          expect(term.rewrites).toEqual([])
          expect(term.text()).toBe(whole.text())
          expect(term.autowraps).toBe(whole.autowraps)
        },
      ),
      { numRuns: 40 },
    )
  })
})

describe('what is on screen while streaming', () => {
  test('the current line shows raw as tokens arrive, then is rendered when complete', () => {
    const { term } = streamed(['Some **bo', 'ld** te'], { width: 40, color: false }, 'none')
    expect(term.text()).toBe('Some **bold** te')
    const done = streamed(['Some **bo', 'ld** text\n'], { width: 40, color: false }, 'none')
    expect(done.term.text()).toBe('Some bold text')
  })

  test('table rows show raw until the table ends, then the drawn table replaces them', () => {
    const doc = markdownDocs.table!
    const next = doc.indexOf('A line right after')
    const { term } = streamed([doc.slice(0, next + 5)], { width: 80, color: false }, 'none')
    expect(term.text()).toContain('| fd | Rust | 33k | Friendly **find** |')
    expect(term.text()).not.toContain('┌')
    // The table ends when the first line that is not a row is complete.
    const after = streamed([doc.slice(0, doc.indexOf('\n', next) + 1)], { width: 80, color: false }, 'none')
    expect(after.term.text()).toContain('┌')
    expect(after.term.text()).not.toContain('| fd |')
    expect(after.term.rewrites).toEqual([])
  })

  test('output written for a token without a newline is just that token (no redraw of earlier text)', () => {
    const doc = markdownDocs.typescript!
    const pieces = cut(
      doc,
      Array.from({ length: doc.length / 3 }, (_, i) => i * 3 + 1),
    )
    const { writes } = streamed(pieces, { width: 60, color: true, highlighter }, 'none')
    pieces.forEach((p, i) => {
      if (!p.includes('\n')) expect((writes[i] ?? '').replace(/\r\n/g, '').length).toBeLessThanOrEqual(p.length + 2)
    })
  })

  test('end() renders the unfinished last line', () => {
    const { term } = streamed(['- **done**'], { width: 40, color: false })
    expect(term.text()).toBe('• done')
  })

  test('abort() leaves the raw text and resets styles', () => {
    const plain = streamed(['Hello\n| a | b |\n', 'Half **a line'], { width: 40, color: false }, 'abort')
    expect(plain.term.text()).toBe('Hello\n| a | b |\nHalf **a line')
    expect(plain.writes.join('')).not.toContain('\x1b[0m')
    const coloured = streamed(['Half **a line'], { width: 40, color: true }, 'abort')
    expect(coloured.writes).toEqual(['Half **a line', '\x1b[0m\n'])
    expect(coloured.term.text()).toBe('Half **a line')
  })

  test('pushes after end() are ignored', () => {
    const writes: string[] = []
    const s = createMarkdownStream({ width: 10, color: true, write: (x) => writes.push(x) })
    s.push('a\n')
    s.end()
    s.push('b\n')
    s.end()
    s.abort()
    // A plain line renders as its own echo, so its newline just commits it: no redraw at all.
    expect(writes).toEqual(['a\n'])
  })
})

describe('code highlighting', () => {
  test('lowlight loads on the first code block; later lines are highlighted', async () => {
    const writes: string[] = []
    const s = createMarkdownStream({ width: 60, color: true, write: (x) => writes.push(x) })
    s.push('Intro line without code\n```ts\n')
    await loadHighlighter()
    await new Promise((r) => setImmediate(r))
    s.push('const answer = 42\n```\n')
    s.end()
    expect(writes.join('')).toContain('\x1b[35mconst\x1b[39m')
  })

  test('without colour there is no highlighting and no escape sequence but cursor movement', () => {
    const { writes } = streamed(markdownDocs.typescript!.split(''), { width: 60, color: false, highlighter })
    const escapes = writes.join('').match(/\x1b\[[0-9;?]*[A-Za-z]/g) ?? []
    for (const e of escapes) expect(e).toMatch(/^\x1b\[(\d*[AB]|2K|\?2026[hl])$/)
  })
})

describe('a terminal shorter than the uncommitted text', () => {
  const rows = Array.from(
    { length: 30 },
    (_, i) => `| ${String(i).padStart(2, '0')} | item-${String(i).padStart(2, '0')} | ok |`,
  )
  const tall: Record<string, string> = {
    table: `Rows:\n\n| n | name | state |\n|---|---|:-:|\n${rows.join('\n')}\n\nAfter.\n`,
    long: markdownDocs.long!,
    quoteAndList: `> ${'quoted words that go on '.repeat(30)}\n\n- ${'item words that go on '.repeat(30)}\n`,
  }
  test.each(Object.entries(tall))('%s: nothing committed is rewritten, nothing lost or repeated', (_, doc) => {
    const opts = { width: 40, height: 6, color: false }
    const squeeze = (s: string) => s.replace(/[\s│]+/g, '')
    // the whole-text screen depends on the document alone: drawn once
    const whole = squeeze(screenOf(renderMarkdown(doc, opts), 40).text())
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: doc.length - 1 }), { maxLength: 100 }), (at) => {
        const { term } = streamed(cut(doc, at), opts)
        expect(term.rewrites).toEqual([])
        expect(squeeze(term.text())).toBe(whole)
      }),
      { numRuns: 30 },
    )
  })
})
