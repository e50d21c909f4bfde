// Issue 33 item 14: where the locale is not UTF-8 (LANG=C, LC_ALL=POSIX) the chat draws with ASCII — prompt markers,
// separators, the spinner, tool lines, failure marks, /help's arrows and the answer's bullets, rules, quote bars and
// table borders — so nothing shows as mojibake; the agent's own text is left as it came.
import { describe, expect, it } from 'vitest'
import { runInteractive } from '../../src/chat/interactive/index.js'
import { asciiGlyphs, glyphsFor, unicodeGlyphs, utf8Locale } from '../../src/io/glyphs.js'
import { renderMarkdown } from '../../src/io/markdown/index.js'
import { fakeTerminal, scriptedSession, sentCount } from './interactive-fakes.js'

const answer = [
  '# Plan',
  '',
  '- first',
  '  - nested',
  '- [x] done',
  '',
  '> quoted',
  '',
  '---',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  'end of answer',
  '',
].join('\n')

/** Every character that is not printable ASCII, with where it is. */
const nonAscii = (s: string) =>
  [...s.matchAll(/[^\x20-\x7e\n]/g)].map((m) => `${JSON.stringify(m[0])} in ${JSON.stringify(lineAt(s, m.index))}`)
const lineAt = (s: string, i: number) => s.slice(s.lastIndexOf('\n', i) + 1, s.indexOf('\n', i) >>> 0)

describe('the chat in a locale that is not UTF-8', () => {
  it('reads the locale as POSIX does: LC_ALL, then LC_CTYPE, then LANG; none set counts as UTF-8', () => {
    expect(utf8Locale({})).toBe(true)
    expect(utf8Locale({ LANG: 'C' })).toBe(false)
    expect(utf8Locale({ LANG: 'en_US.UTF-8' })).toBe(true)
    expect(utf8Locale({ LANG: 'C.utf8' })).toBe(true)
    expect(utf8Locale({ LANG: 'en_US.UTF-8', LC_ALL: 'C' })).toBe(false)
    expect(utf8Locale({ LANG: 'C', LC_CTYPE: 'de_DE.UTF-8' })).toBe(true)
    expect(utf8Locale({ LC_ALL: 'POSIX', LC_CTYPE: 'de_DE.UTF-8' })).toBe(false)
    expect(glyphsFor({ LANG: 'de_DE.ISO-8859-1' })).toBe(asciiGlyphs)
    expect(glyphsFor({ LANG: 'C.UTF-8' })).toBe(unicodeGlyphs)
  })

  it('every stand-in but the ellipsis is as wide as what it replaces, so layouts stay as they are', () => {
    for (const key of ['prompt', 'continuation', 'separator', 'dash', 'cross', 'tool', 'toolResult', 'bar', 'rule'])
      expect([key, asciiGlyphs[key as 'prompt'].length]).toEqual([key, 1])
    expect(asciiGlyphs.spinner.every((f) => f.length === 1)).toBe(true)
  })

  it('renders markdown with ASCII bullets, rules, bars and borders', () => {
    const out = renderMarkdown(answer, { width: 40, color: false, glyphs: asciiGlyphs })
    expect(nonAscii(out)).toEqual([])
    expect(out).toMatch(/^\* first$/m)
    expect(out).toMatch(/^ {2}- nested$/m)
    expect(out).toMatch(/^\* \[x\] done$/m)
    expect(out).toMatch(/^\| quoted$/m)
    expect(out).toMatch(/^\+---\+---\+$/m)
    expect(out).toMatch(/^\| 1 +\| 2 +\|$/m)
  })

  it('with LANG=C the whole chat is ASCII: banner, prompt, spinner, answer, tool lines, usage, errors, /help', async () => {
    const t = fakeTerminal({ LANG: 'C' })
    const s = scriptedSession()
    const done = runInteractive(s.session, t.ctx)
    await t.waitFor('chat with demo')
    t.type('hello\x1b\rthere\r')
    await sentCount(s, 1)
    const turn = s.turns[0]!
    turn.push({ type: 'start', request_id: 'req_1', agent_id: 'demo', round: 1 })
    turn.push({ type: 'reasoning', text: 'let me think' })
    turn.push({ type: 'tool_call', call: { id: 'c1', type: 'function', function: { name: 'now', arguments: '{}' } } })
    turn.push({ type: 'tool_result', tool_call_id: 'c1', name: 'now', content: 'noon\nand more', ok: true, ms: 3 })
    turn.push({ type: 'text', text: answer })
    turn.push({ end: 'done' })
    await t.waitFor(/3 in \| 5 out \| \d+ ms/)
    t.type('/sytem\r')
    await t.waitFor('did you mean /system?')
    t.type('/retry\r')
    await t.waitFor('nothing to retry yet')
    t.type('/help\r')
    await t.waitFor('word left / right')
    t.type('\x04')
    expect(await done).toBe(0)
    const screen = t.screen()
    expect(nonAscii(screen)).toEqual([])
    // (the screen is the stream with escapes dropped: a row redrawn in place shows each drawing)
    expect(screen).toContain('/help for commands and keys | Ctrl-D to quit')
    expect(screen).toContain('> hello\n: there\n')
    expect(screen).toMatch(/^\* now \{\}$/m)
    expect(screen).toMatch(/ {2}> now: noon \.\.\. \| \d+ ms$/m)
    expect(screen).toMatch(/^\| let me think$/m)
    expect(screen).toMatch(/\* first\n {2}- nested\n/)
    expect(screen).toMatch(/^\+---\+---\+$/m)
    expect(screen).toContain('unknown command /sytem - did you mean /system?')
    expect(screen).toContain('x nothing to retry yet')
    expect(screen).toContain('Up Down, Ctrl-P Ctrl-N')
  })
})
