import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Completer, type EditorEffect, LineEditor } from '../../src/chat/interactive/editor.js'
import type { Key, KeyName } from '../../src/chat/interactive/keys.js'
import { graphemes } from '../../src/chat/interactive/text.js'

const t = (text: string): Key => ({ name: 'text', text })
const k = (name: KeyName): Key => ({ name })

/** Applies keys; returns the effects. */
function press(e: LineEditor, ...keys: (Key | string)[]): EditorEffect[] {
  return keys.map((key) => e.handle(typeof key === 'string' ? t(key) : key))
}

/** The text with a | at the cursor. */
const show = (e: LineEditor) => `${e.text.slice(0, e.cursor)}|${e.text.slice(e.cursor)}`

describe('LineEditor', () => {
  it('inserts at the cursor and moves over whole graphemes', () => {
    const e = new LineEditor([])
    press(e, 'héllo 👍🏽 wörld', k('home'), k('right'), k('right'), 'X')
    expect(show(e)).toBe('héX|llo 👍🏽 wörld')
    press(e, k('end'), k('left'), k('left'), k('left'), k('left'), k('left'), k('left'), k('left'))
    expect(show(e)).toBe('héXllo |👍🏽 wörld')
    press(e, k('right'))
    expect(show(e)).toBe('héXllo 👍🏽| wörld')
    press(e, k('backspace'))
    expect(show(e)).toBe('héXllo | wörld')
    press(e, k('home'), k('delete'), k('eof'))
    expect(show(e)).toBe('|Xllo  wörld')
  })

  it('deletes words back and forward, kills to the line ends, and yanks the last kill', () => {
    const e = new LineEditor([])
    press(e, 'git commit --amend now', k('wordBackspace'))
    expect(show(e)).toBe('git commit --amend |')
    press(e, k('wordBackspace'))
    expect(show(e)).toBe('git commit --|')
    press(e, k('wordLeft'))
    expect(show(e)).toBe('git |commit --')
    press(e, k('wordDelete'))
    expect(show(e)).toBe('git | --')
    press(e, k('killEnd'))
    expect(show(e)).toBe('git |')
    press(e, k('home'), k('yank'))
    expect(show(e)).toBe(' --|git ')
    press(e, k('wordRight'), k('killStart'))
    expect(show(e)).toBe('| ')
    press(e, k('yank'))
    expect(show(e)).toBe(' --git| ')
  })

  it('Enter submits; a trailing backslash, Alt-Enter/Ctrl-J and pastes make multi-line input', () => {
    const e = new LineEditor([])
    expect(press(e, 'one\\', k('enter'))).toEqual([{ type: 'render' }, { type: 'render' }])
    press(e, 'two', k('newline'), 'three')
    expect(e.text).toBe('one\ntwo\nthree')
    press(e, { name: 'paste', text: '\nfour\nfive' })
    expect(press(e, k('enter'))).toEqual([{ type: 'submit', text: 'one\ntwo\nthree\nfour\nfive' }])
    // a backslash in the middle of a line is text
    const f = new LineEditor([])
    press(f, 'a\\b', k('left'), k('left'))
    expect(press(f, k('enter'))).toEqual([{ type: 'submit', text: 'a\\b' }])
  })

  it('moves up and down between lines, aiming for the same column, before going through history', () => {
    const e = new LineEditor(['older', 'newest'])
    press(e, 'abcdef', k('newline'), 'xy', k('newline'), 'long line')
    press(e, k('home'), k('right'), k('right'), k('right'), k('right'), k('up'))
    expect(show(e)).toBe('abcdef\nxy|\nlong line')
    press(e, k('up'))
    expect(show(e)).toBe('abcd|ef\nxy\nlong line')
    press(e, k('up'))
    expect(e.text).toBe('newest')
    press(e, k('up'), k('up'))
    expect(e.text).toBe('older')
    press(e, k('down'))
    expect(e.text).toBe('newest')
    press(e, k('down'))
    expect(e.text).toBe('abcdef\nxy\nlong line')
    expect(press(e, k('down'))).toEqual([{ type: 'none' }])
  })

  it('recalls history with the cursor at the end, and Down past the newest entry gives the draft back', () => {
    const history = ['first', 'second\nline']
    const e = new LineEditor(history)
    press(e, k('up'))
    expect(show(e)).toBe('second\nline|')
    press(e, k('up'))
    // from the last line of a multi-line entry, Up first moves to its first line
    expect(show(e)).toBe('seco|nd\nline')
    press(e, k('up'))
    expect(show(e)).toBe('first|')
    expect(press(e, k('up'))).toEqual([{ type: 'none' }])
    press(e, k('down'), k('down'), k('down'))
    expect(show(e)).toBe('|')
  })

  it('filters the history by what was typed before the first Up, skipping repeats of the shown text', () => {
    const e = new LineEditor(['git status', 'ls -la', 'git log', 'git log', 'make'])
    press(e, 'git', k('up'))
    expect(e.text).toBe('git log')
    press(e, k('up'))
    expect(e.text).toBe('git status')
    expect(press(e, k('up'))).toEqual([{ type: 'none' }])
    press(e, k('down'), k('down'))
    expect(show(e)).toBe('git|')
    const f = new LineEditor(['a', 'b'])
    press(f, 'zzz')
    expect(press(f, k('up'))).toEqual([{ type: 'none' }])
    expect(f.text).toBe('zzz')
  })

  it('Ctrl-C clears a non-empty line and exits 130 at an empty one; Ctrl-D exits 0 only when empty', () => {
    const e = new LineEditor([])
    press(e, 'abc')
    expect(press(e, k('interrupt'))).toEqual([{ type: 'cancelLine' }])
    expect(e.text).toBe('')
    expect(press(e, k('interrupt'))).toEqual([{ type: 'exit', code: 130 }])
    expect(press(e, k('eof'))).toEqual([{ type: 'exit', code: 0 }])
    press(e, 'x')
    expect(press(e, k('eof'))).toEqual([{ type: 'none' }])
    expect(press(e, k('clear'))).toEqual([{ type: 'clearScreen' }])
  })

  it('Tab asks the completer (only with the cursor at the end) and shows its hint until the next key', () => {
    const completer: Completer = (text) => (text === '/s' ? { text: '/s', hint: '/save  /system' } : undefined)
    const e = new LineEditor([], completer)
    press(e, '/s', k('tab'))
    expect(e.hint).toBe('/save  /system')
    press(e, 'y')
    expect(e.hint).toBeUndefined()
    const f = new LineEditor([], (text) => ({ text: `${text}tem ` }))
    press(f, '/sys', k('tab'))
    expect(show(f)).toBe('/system |')
    press(f, k('left'))
    expect(press(f, k('tab'))).toEqual([{ type: 'none' }])
  })

  it('keeps the cursor on a grapheme boundary within the text for any keys (property)', () => {
    const key = fc.oneof(
      fc
        .constantFrom<KeyName>(
          'backspace',
          'delete',
          'left',
          'right',
          'up',
          'down',
          'home',
          'end',
          'wordLeft',
          'wordRight',
          'wordBackspace',
          'wordDelete',
          'killEnd',
          'killStart',
          'yank',
          'newline',
          'eof',
        )
        .map(k),
      fc.constantFrom('a', 'é', 'e\u0301', '👍🏽', '界', ' ', '-', '\t').map(t),
    )
    fc.assert(
      fc.property(fc.array(key, { maxLength: 60 }), fc.array(fc.string(), { maxLength: 3 }), (keys, history) => {
        const e = new LineEditor(history)
        for (const key of keys) {
          e.handle(key)
          expect(e.cursor).toBeGreaterThanOrEqual(0)
          expect(e.cursor).toBeLessThanOrEqual(e.text.length)
          const before = e.text.slice(0, e.cursor)
          // the text before the cursor ends on a boundary: its graphemes are a prefix of the whole text's
          const all = graphemes(e.text)
          const head = graphemes(before)
          expect(all.slice(0, head.length).join('')).toBe(before)
        }
      }),
    )
  })
})
