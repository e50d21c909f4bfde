// Issue 33 item 11: an input taller than the window (text back from /edit, a recalled long message) was printed twice
// in the scrollback: each redraw moved up at most to the screen's top, so the rows already scrolled off stayed there
// and the whole block came again below them. The view now draws the rows around the cursor that fit the screen, and
// the whole input once when it is sent. (test/terminal/chat-tall-input.test.ts shows it in a real terminal.)
import { describe, expect, it } from 'vitest'
import { PromptView } from '../../src/chat/interactive/prompt-view.js'
import { createUiStyle } from '../../src/chat/interactive/style.js'

const markers = { prompt: '› ', continuation: '· ' }
const text = Array.from({ length: 40 }, (_, i) => `row ${String(i + 1).padStart(2, '0')}`).join('\n')

/** How many rows up each cursor movement in `s` goes. */
const ups = (s: string) => [...s.matchAll(/\x1b\[(\d+)A/g)].map((m) => Number(m[1]))
const count = (s: string, part: string) => s.split(part).length - 1

describe('an input taller than the screen', () => {
  it('is drawn as the rows that fit while it is edited, and whole once when sent', () => {
    const writes: string[] = []
    const view = new PromptView((s) => writes.push(s), createUiStyle(false), markers)
    view.draw({ text, cursor: text.length }, 80, 10)
    view.draw({ text: `${text}!`, cursor: text.length + 1 }, 80, 10)
    const editing = writes.join('')
    // the last 10 rows, the cursor on the last; never a move above the screen
    expect(count(editing, '\r\n')).toBe(2 * 9)
    expect(editing).toContain('· row 31\r\n')
    expect(editing).not.toContain('row 30')
    expect(Math.max(...ups(editing))).toBeLessThanOrEqual(9)
    writes.length = 0
    view.finish({ text: `${text}!`, cursor: text.length + 1 }, 80)
    const sent = writes.join('')
    expect(ups(sent)).toEqual([9])
    expect(count(sent, 'row 01')).toBe(1)
    expect(count(sent, 'row 40!')).toBe(1)
  })

  it('keeps the cursor in view when it moves up into rows above the window', () => {
    const writes: string[] = []
    const view = new PromptView((s) => writes.push(s), createUiStyle(false), markers)
    view.draw({ text, cursor: 0 }, 80, 10)
    const top = writes.join('')
    expect(top).toContain('› row 01\r\n')
    expect(top).toContain('· row 10\x1b[9A')
    expect(top).not.toContain('row 11')
  })

  it('draws every row when it fits, or when the height is not known', () => {
    const writes: string[] = []
    const view = new PromptView((s) => writes.push(s), createUiStyle(false), markers)
    view.draw({ text, cursor: text.length }, 80)
    expect(count(writes.join(''), '\r\n')).toBe(39)
  })
})
