import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { type Highlighter, loadHighlighter, renderMarkdown } from '../../src/io/markdown/index.js'
import { textWidth } from '../../src/io/markdown/width.js'
import { screenOf } from '../helpers/vterm.js'

const plain = (md: string, width = 40) => renderMarkdown(md, { width, color: false })
const colour = (md: string, width = 40) => renderMarkdown(md, { width, color: true })

describe('markdown elements without colour (exact text)', () => {
  test('headings keep their hashes', () => {
    expect(plain('# Title\n## Sub ##\n###### Six')).toBe('# Title\n## Sub\n###### Six\n')
    expect(plain('#hashtag is not a heading')).toBe('#hashtag is not a heading\n')
  })

  test('emphasis marks are dropped, strikethrough and code keep theirs', () => {
    expect(plain('**bold**, *it*, _it_, ***both***, ~~gone~~ and `a*b`')).toBe(
      'bold, it, it, both, ~~gone~~ and `a*b`\n',
    )
  })

  test('links show the URL after the text; bare URLs and autolinks stay as they are', () => {
    expect(plain('[docs](https://x.io/d) and https://y.io/p?q=1.', 80)).toBe(
      'docs (https://x.io/d) and https://y.io/p?q=1.\n',
    )
    expect(plain('<https://a.io> [https://b.io](https://b.io)', 80)).toBe('https://a.io https://b.io\n')
    expect(plain('![logo](https://x.io/l.png)', 80)).toBe('logo (https://x.io/l.png)\n')
  })

  test('bullet lists nest with •, ◦, ▪ and ordered lists count on', () => {
    const md = '- one\n  - two\n    - three\n      - four\n- five\n\n1. a\n1. b\n   1. c\n   1. d\n1. e\n\n7) g\n8) h'
    expect(plain(md)).toBe(
      '• one\n  ◦ two\n    ▪ three\n      • four\n• five\n\n1. a\n2. b\n   1. c\n   2. d\n3. e\n\n7) g\n8) h\n',
    )
  })

  test('task items, list continuation lines and wrapped items hang under the text', () => {
    expect(plain('- [ ] todo\n- [x] done')).toBe('• ☐ todo\n• ☑ done\n')
    expect(plain('1. first item\n   more about it\nnot in the list', 40)).toBe(
      '1. first item\n   more about it\nnot in the list\n',
    )
    expect(plain('- aaa bbb ccc ddd eee', 12)).toBe('• aaa bbb\n  ccc ddd\n  eee\n')
  })

  test('block quotes get a gutter, nested ones one per level', () => {
    expect(plain('> quoted *text*\n>\n> > deeper\n> - item')).toBe('│ quoted text\n│\n│ │ deeper\n│ • item\n')
    expect(plain('> one two three four', 12)).toBe('│ one two\n│ three four\n')
  })

  test('thematic breaks fill the width', () => {
    expect(plain('---\n***\n_ _ _', 10)).toBe(`${'─'.repeat(10)}\n`.repeat(3))
  })

  test('fenced code is indented, fences kept, never parsed as markdown', () => {
    expect(plain('```ts\nconst a = **1**\n\n  if (x) {}\n```\nafter')).toBe(
      '```ts\n  const a = **1**\n\n    if (x) {}\n```\nafter\n',
    )
    expect(plain('~~~~\n```\nstill code\n~~~~')).toBe('~~~~\n  ```\n  still code\n~~~~\n')
    expect(plain('1. step\n   ```sh\n   npm i\n   ```\n2. next')).toBe(
      '1. step\n   ```sh\n     npm i\n   ```\n2. next\n',
    )
  })

  test('tables are drawn with aligned columns', () => {
    const md = '| Name | Qty | Where |\n|:--|--:|:-:|\n| apple | 3 | `shelf` |\n| kiwi fruit | 12 | \\| bin |'
    expect(plain(md)).toBe(
      [
        '┌────────────┬─────┬─────────┐',
        '│ Name       │ Qty │  Where  │',
        '├────────────┼─────┼─────────┤',
        '│ apple      │   3 │ `shelf` │',
        '│ kiwi fruit │  12 │  | bin  │',
        '└────────────┴─────┴─────────┘',
        '',
      ].join('\n'),
    )
  })

  test('a table wider than the terminal wraps its cells and stays within the width', () => {
    const md = `| a | b |\n|---|---|\n| ${'word '.repeat(20)}| short |\n| x | ${'y'.repeat(50)} |`
    const rows = plain(md, 30).trimEnd().split('\n')
    expect(rows.length).toBeGreaterThan(6)
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(30)
    expect(rows[0]).toMatch(/^┌─+┬─+┐$/)
  })

  test('a line with a pipe but no delimiter row after it is a paragraph', () => {
    expect(plain('a | b\nc')).toBe('a | b\nc\n')
    expect(plain('| a |\n| b |')).toBe('| a |\n| b |\n')
  })

  test('wide characters and emoji wrap by columns', () => {
    expect(plain('中文字符测试中文字符测试', 10)).toBe('中文字符测\n试中文字符\n测试\n')
    expect(plain('🚀 one 🚀 two 🚀 three', 10)).toBe('🚀 one 🚀\ntwo 🚀\nthree\n')
  })

  test('entities and escapes are decoded; raw control characters are shown as escapes, decoded ones removed', () => {
    expect(plain('a &amp; b &lt;c&gt; &#x41; \\*x\\* &#39;')).toBe("a & b <c> A *x* '\n")
    expect(plain('red\x1b[31m alert\x07 &#x1b;[1m &#27;[2m &#155;1m [&#27;](u)', 80)).toBe(
      'red\\u001b[31m alert\\u0007 [1m [2m 1m  (u)\n',
    )
    expect(plain('a\tb\t\tc')).toBe('a   b       c\n')
  })

  test('empty text renders nothing; a last line without newline still ends in one', () => {
    expect(plain('')).toBe('')
    expect(plain('x')).toBe('x\n')
    expect(plain('x\n\n')).toBe('x\n\n')
  })
})

describe('markdown elements with colour (SGR codes)', () => {
  let highlighter: Highlighter
  beforeAll(async () => {
    highlighter = await loadHighlighter()
  })

  test('headings are bold and coloured, without hashes', () => {
    const out = colour('# Top\n## Sub')
    expect(out).toContain('\x1b[1m')
    expect(out).toContain('\x1b[4m')
    expect(out).toContain('\x1b[35m')
    expect(screenOf(out, 40).text()).toBe('Top\nSub')
  })

  test('inline styles', () => {
    const out = colour('**b** *i* ~~s~~ `c`')
    expect(out).toContain('\x1b[1mb\x1b[22m')
    expect(out).toContain('\x1b[3mi\x1b[23m')
    expect(out).toContain('\x1b[9ms\x1b[29m')
    expect(out).toContain('\x1b[36mc\x1b[39m')
    expect(screenOf(out, 40).text()).toBe('b i s c')
  })

  test('links are underlined with a dim URL, or OSC 8 hyperlinks on request; bare URLs are not styled', () => {
    const out = colour('[t](https://u.io)')
    expect(out).toContain('\x1b[4m')
    expect(out).toContain('\x1b[2m (https://u.io)\x1b[22m')
    const osc = renderMarkdown('[t](https://u.io)', { width: 40, color: true, hyperlinks: true })
    const t = screenOf(osc, 40)
    expect(t.links).toContain('https://u.io')
    expect(t.text()).toBe('t')
    expect(colour('see https://u.io/x')).toBe('see https://u.io/x\n')
  })

  test('every row closes its styles, even when a styled span wraps', () => {
    const out = colour('**bold words that wrap across rows** and [a link that wraps too](https://x.io)', 16)
    for (const row of out.split('\n')) expect(screenOf(row, 16).openAttributes()).toEqual([])
  })

  test('code is highlighted by language, with earlier lines as context', () => {
    const out = renderMarkdown('```ts\nconst a = "s" // c\n/*\ninside comment\n*/\n```', {
      width: 60,
      color: true,
      highlighter,
    })
    expect(out).toContain('\x1b[35mconst\x1b[39m')
    expect(out).toContain('\x1b[32m"s"\x1b[39m')
    expect(out).toContain('\x1b[90minside comment\x1b[39m')
    const py = renderMarkdown('```python\ndef f():\n    return None\n```', { width: 60, color: true, highlighter })
    expect(py).toContain('\x1b[35mdef\x1b[39m')
  })

  test('unknown languages, no highlighter or highlight off leave code unstyled', () => {
    for (const out of [
      renderMarkdown('```nosuchlang\nconst x\n```', { width: 40, color: true, highlighter }),
      renderMarkdown('```ts\nconst x\n```', { width: 40, color: true }),
      renderMarkdown('```ts\nconst x\n```', { width: 40, color: true, highlighter, highlight: false }),
    ]) {
      expect(out.split('\n')[1]).toBe('  const x')
    }
  })

  test('tables: dim borders and a bold header', () => {
    const out = colour('| h |\n|---|\n| v |')
    expect(out).toContain('\x1b[2m┌───┐\x1b[22m')
    expect(out).toContain('\x1b[1mh\x1b[22m')
  })
})

describe('wrapping', () => {
  const word = fc.stringMatching(/^[a-z中😀é]{1,12}$/u)
  test('no rendered row is wider than the terminal unless it is a single long word', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 40 }), fc.integer({ min: 14, max: 60 }), (words, width) => {
        for (const md of [
          words.join(' '),
          `- ${words.join(' ')}`,
          `> ${words.join(' ')}`,
          `1. **${words.join(' ')}**`,
        ]) {
          for (const row of plain(md, width).trimEnd().split('\n')) {
            if (textWidth(row) > width)
              expect(
                row
                  .trim()
                  .split(' ')
                  .filter((w) => textWidth(w) > 0).length,
              ).toBeLessThanOrEqual(2)
          }
          const text = screenOf(renderMarkdown(md, { width, color: true }), width).text()
          expect(text.replace(/[\s•│*1.]/g, '')).toBe(words.join('').replace(/[*]/g, ''))
        }
      }),
    )
  })
})
