// The line editor's state machine: text and cursor, edited by decoded keys (keys.ts) with readline/emacs bindings,
// multi-line input (Alt-Enter, Ctrl-J, a trailing backslash or a paste), history recall and Tab completion. Pure:
// no terminal here, so every binding is unit-tested; the prompt view draws the state after each key.
import type { Key } from './keys.js'
import {
  ceilBoundary,
  lineEnd,
  lineStart,
  nextBoundary,
  prevBoundary,
  snapBoundary,
  wordEnd,
  wordStart,
} from './text.js'

/** What a key did, for the prompt loop. */
export type EditorEffect =
  | { type: 'render' }
  | { type: 'none' }
  | { type: 'submit'; text: string }
  | { type: 'exit'; code: number }
  | { type: 'clearScreen' }
  | { type: 'cancelLine' }
  | { type: 'suspend' }
  /** Ctrl-X Ctrl-E (bash, readline's edit-and-execute-command): edit the input in $VISUAL/$EDITOR */
  | { type: 'externalEdit' }

/**
 * A paste of more lines or characters than these is folded into one label in the prompt, `[pasted 60 lines]`, and
 * sent as it is: a long paste no longer fills the screen and the scrollback with its echo.
 */
const foldLines = 8
const foldChars = 1000
/**
 * Each folded paste is one character of the text, from Unicode's Supplementary Private Use Area-A, so the cursor
 * steps over it and Backspace removes it whole, as one grapheme; `folds` gives the view its label.
 */
const firstFoldChar = 0xf0000

/** Completes the input on Tab: a new text (cursor at its end) and/or a hint listing the candidates. */
export type Completer = (text: string) => { text: string; hint?: string | undefined } | undefined

/** One prompt's editing state. Make a new one per prompt (the history position starts after the newest entry). */
export class LineEditor {
  text = ''
  cursor = 0
  /** a line shown under the input until the next key (completion candidates) */
  hint: string | undefined
  /** the labels of folded pastes, by the character that stands for each in `text` */
  readonly folds = new Map<string, string>()
  private readonly pasted = new Map<string, string>()
  private killed = ''
  private historyIndex: number
  private draft = ''
  private prefix = ''
  /** the column Up/Down aim for, kept over consecutive vertical moves (as editors do) */
  private goal: number | undefined
  /** Ctrl-X was the last key: the next one completes a chord */
  private chord = false

  /** `history` is oldest first and read live; `completer` answers Tab. */
  constructor(
    private readonly history: readonly string[],
    private readonly completer?: Completer,
  ) {
    this.historyIndex = history.length
  }

  /** Applies one key. */
  handle(key: Key): EditorEffect {
    this.hint = undefined
    if (this.chord) {
      this.chord = false
      // Ctrl-E arrives as 'end' (key-maps.ts)
      if (key.name === 'end') return { type: 'externalEdit' }
    }
    if (key.name !== 'up' && key.name !== 'down') this.goal = undefined
    const { text, cursor } = this
    switch (key.name) {
      case 'text':
        return this.insert(key.text)
      case 'paste':
        return this.insert(this.fold(key.text))
      case 'newline':
        return this.insert('\n')
      case 'enter':
        // A trailing backslash continues the message on a new line, as in a shell.
        if (cursor > 0 && text[cursor - 1] === '\\' && cursor === lineEnd(text, cursor)) {
          return this.replace(cursor - 1, cursor, '\n')
        }
        return { type: 'submit', text: this.message }
      case 'backspace':
        return cursor === 0 ? { type: 'none' } : this.replace(prevBoundary(text, cursor), cursor, '')
      case 'delete':
        return cursor === text.length ? { type: 'none' } : this.replace(cursor, nextBoundary(text, cursor), '')
      case 'eof':
        if (text === '') return { type: 'exit', code: 0 }
        return cursor === text.length ? { type: 'none' } : this.replace(cursor, nextBoundary(text, cursor), '')
      case 'interrupt':
        if (text === '') return { type: 'exit', code: 130 }
        this.reset('')
        return { type: 'cancelLine' }
      case 'left':
        return this.move(prevBoundary(text, cursor))
      case 'right':
        return this.move(nextBoundary(text, cursor))
      case 'home':
        return this.move(lineStart(text, cursor))
      case 'end':
        return this.move(lineEnd(text, cursor))
      case 'wordLeft':
        return this.move(snapBoundary(text, wordStart(text, cursor)))
      case 'wordRight':
        return this.move(ceilBoundary(text, wordEnd(text, cursor)))
      case 'wordBackspace':
        return this.kill(snapBoundary(text, wordStart(text, cursor)), cursor)
      case 'wordDelete':
        return this.kill(cursor, ceilBoundary(text, wordEnd(text, cursor)))
      case 'killStart':
        return this.kill(
          lineStart(text, cursor) === cursor && cursor > 0 ? cursor - 1 : lineStart(text, cursor),
          cursor,
        )
      case 'killEnd':
        return this.kill(
          cursor,
          lineEnd(text, cursor) === cursor && cursor < text.length ? cursor + 1 : lineEnd(text, cursor),
        )
      case 'yank':
        return this.killed === '' ? { type: 'none' } : this.insert(this.killed)
      case 'up':
        return this.vertical(-1)
      case 'down':
        return this.vertical(1)
      case 'clear':
        return { type: 'clearScreen' }
      case 'tab':
        return this.complete()
      case 'escape':
        return { type: 'none' }
      case 'suspend':
        return { type: 'suspend' }
      case 'prefixX':
        this.chord = true
        return { type: 'none' }
      case 'hangup':
        return { type: 'exit', code: 0 }
    }
  }

  /** The text as it is sent: each folded paste put back whole. */
  get message(): string {
    if (this.pasted.size === 0) return this.text
    let out = ''
    for (const ch of this.text) out += this.pasted.get(ch) ?? ch
    return out
  }

  /** A long paste's stand-in character (its label in `folds`), or a short paste itself. */
  private fold(paste: string): string {
    const lines = paste.replace(/\n$/, '').split('\n').length
    if (lines <= foldLines && paste.length <= foldChars) return paste
    const token = String.fromCodePoint(firstFoldChar + this.pasted.size)
    this.pasted.set(token, paste)
    this.folds.set(token, lines > 1 ? `[pasted ${lines} lines]` : `[pasted ${[...paste].length} characters]`)
    return token
  }

  /** Replaces the whole text (cursor at the end); used for history recall and by callers. */
  reset(text: string): void {
    this.text = text
    this.cursor = text.length
  }

  private insert(s: string): EditorEffect {
    return s === '' ? { type: 'none' } : this.replace(this.cursor, this.cursor, s)
  }

  private replace(from: number, to: number, s: string): EditorEffect {
    this.text = this.text.slice(0, from) + s + this.text.slice(to)
    // Inserted text can join the grapheme after it (a letter before a lone combining mark): stay on a boundary.
    this.cursor = ceilBoundary(this.text, from + s.length)
    return { type: 'render' }
  }

  private kill(from: number, to: number): EditorEffect {
    if (from === to) return { type: 'none' }
    this.killed = this.text.slice(from, to)
    return this.replace(from, to, '')
  }

  private move(to: number): EditorEffect {
    if (to === this.cursor) return { type: 'none' }
    this.cursor = to
    return { type: 'render' }
  }

  /** Up/Down move between the lines of a multi-line input, and past its first/last line through the history. */
  private vertical(dir: -1 | 1): EditorEffect {
    const { text, cursor } = this
    const start = lineStart(text, cursor)
    this.goal ??= cursor - start
    const col = this.goal
    if (dir < 0 && start > 0) {
      const prev = lineStart(text, start - 1)
      return this.move(snapBoundary(text, Math.min(prev + col, start - 1)))
    }
    const end = lineEnd(text, cursor)
    if (dir > 0 && end < text.length) {
      const next = end + 1
      return this.move(snapBoundary(text, Math.min(next + col, lineEnd(text, next))))
    }
    return this.recall(dir)
  }

  /**
   * Steps through the history. What was typed before the first step filters it (as fish and zsh's
   * history-beginning-search do): only entries that start with it, skipping ones equal to the text shown.
   */
  private recall(dir: -1 | 1): EditorEffect {
    const n = this.history.length
    if (this.historyIndex === n) {
      this.draft = this.text
      this.prefix = this.text.includes('\n') ? '' : this.text
    }
    let to = this.historyIndex + dir
    while (to >= 0 && to < n && (!this.history[to]!.startsWith(this.prefix) || this.history[to] === this.text))
      to += dir
    if (to < 0 || to > n || to === this.historyIndex) return { type: 'none' }
    this.historyIndex = Math.min(to, n)
    this.goal = undefined
    this.reset(this.historyIndex === n ? this.draft : (this.history[this.historyIndex] ?? ''))
    return { type: 'render' }
  }

  private complete(): EditorEffect {
    if (!this.completer || this.cursor !== this.text.length) return { type: 'none' }
    const r = this.completer(this.text)
    if (!r) return { type: 'none' }
    this.hint = r.hint
    if (r.text !== this.text) this.reset(r.text)
    return { type: 'render' }
  }
}
