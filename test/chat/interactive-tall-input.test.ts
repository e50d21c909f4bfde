// Issue 33 item 11: an input taller than the window (text back from /edit, a recalled long message) was printed twice
// in the scrollback: each redraw moved up at most to the screen's top, so the rows already scrolled off stayed there
// and the whole block came again below them. The view now draws the rows around the cursor that fit the screen, and
// the whole input once when it is sent. Drawn here on a virtual terminal with a 10-row screen and its scrollback
// (test/helpers/vterm.ts); test/terminal/chat-tty.test.ts shows it in tmux.
import { describe, expect, it } from 'vitest'
import { PromptView } from '../../src/chat/interactive/prompt-view.js'
import { createUiStyle } from '../../src/chat/interactive/style.js'
import { VTerm } from '../helpers/vterm.js'

const markers = { prompt: '› ', continuation: '· ' }
const text = Array.from({ length: 40 }, (_, i) => `row ${String(i + 1).padStart(2, '0')}`).join('\n')
const count = (s: string, re: RegExp) => (s.match(re) ?? []).length

/** A prompt view drawing on a virtual terminal of 10 rows, below two rows of earlier output. */
function screen() {
  const term = new VTerm(80, 10)
  term.write('earlier output\nmore of it\n')
  return { term, view: new PromptView((s) => term.write(s), createUiStyle(false), markers) }
}

describe('an input taller than the screen', () => {
  it('is drawn as the rows that fit while it is edited, and is in the scrollback once when sent', () => {
    const { term, view } = screen()
    view.draw({ text, cursor: text.length }, 80, 10)
    // the window's first row counts the rows out of view above it
    expect(term.text()).toMatch(/^more of it\n… 31 more rows above\n· row 32\n/m)
    expect(term.text()).not.toContain('row 31')
    view.draw({ text: `${text}!`, cursor: text.length + 1 }, 80, 10)
    view.finish({ text: `${text}!`, cursor: text.length + 1 }, 80)
    term.write('the answer')
    const all = term.text()
    for (const row of ['› row 01', '· row 02', '· row 30', '· row 31', '· row 39', '· row 40!'])
      expect([row, count(all, new RegExp(`^${row}$`, 'gm'))]).toEqual([row, 1])
    expect(all).toMatch(/^earlier output\nmore of it\n› row 01\n· row 02\n[\s\S]*· row 40!\nthe answer$/)
  })

  it('keeps the cursor in view when it moves up into rows above the window', () => {
    const { term, view } = screen()
    view.draw({ text, cursor: text.length }, 80, 10)
    view.draw({ text, cursor: 0 }, 80, 10)
    const shown = term.text().split('\n').slice(-10)
    expect(shown[0]).toBe('› row 01')
    expect(shown.at(-2)).toBe('· row 09')
    expect(shown.at(-1)).toBe('… 31 more rows below')
    expect([term.row - (term.grid.length - 10), term.col]).toEqual([0, 2])
    view.finish({ text, cursor: 0 }, 80)
    expect(count(term.text(), /^· row 05$/gm)).toBe(1)
  })

  it('draws every row when it fits, or when the height is not known', () => {
    const writes: string[] = []
    const view = new PromptView((s) => writes.push(s), createUiStyle(false), markers)
    view.draw({ text, cursor: text.length }, 80)
    expect(count(writes.join(''), /\r\n/g)).toBe(39)
  })
})
