// Decodes raw-mode terminal input into keys: control characters, CSI/SS3 escape sequences (xterm, VT220, kitty's
// CSI u), Alt-prefixed keys and bracketed paste (xterm "Bracketed Paste Mode", \x1b[200~ … \x1b[201~). Input
// arrives in arbitrary chunks, so an unfinished sequence is held until the next chunk or until `flush()`.

import { alt, controls, csiKey, pasteEnd, pasteStart, pasteText } from './key-maps.js'

/** The names of the non-text keys the line editor understands. */
export type KeyName =
  | 'enter'
  | 'newline'
  | 'backspace'
  | 'delete'
  | 'left'
  | 'right'
  | 'up'
  | 'down'
  | 'home'
  | 'end'
  | 'wordLeft'
  | 'wordRight'
  | 'wordBackspace'
  | 'wordDelete'
  | 'killEnd'
  | 'killStart'
  | 'yank'
  | 'interrupt'
  | 'eof'
  | 'clear'
  | 'tab'
  | 'escape'
  | 'suspend'
  | 'prefixX'
  | 'hangup'

/** One decoded key: typed text (possibly several characters), a paste, or a named key. */
export type Key = { name: 'text'; text: string } | { name: 'paste'; text: string } | { name: KeyName }

/** Turns terminal input chunks into keys; holds an unfinished escape sequence or paste between chunks. */
export class KeyDecoder {
  private pending = ''
  private paste: string | undefined

  /** Decodes a chunk (already UTF-8 decoded); returns the complete keys in it. */
  feed(chunk: string): Key[] {
    const keys: Key[] = []
    const s = this.pending + chunk
    this.pending = ''
    let text = ''
    const push = (k: Key) => {
      if (text) keys.push({ name: 'text', text })
      text = ''
      keys.push(k)
    }
    let i = 0
    while (i < s.length) {
      if (this.paste !== undefined) {
        const end = s.indexOf(pasteEnd, i)
        if (end < 0) {
          // Keep a tail that may be the start of the end marker split across chunks.
          const keep = partialSuffix(s, pasteEnd)
          this.paste += s.slice(i, s.length - keep)
          this.pending = s.slice(s.length - keep)
          break
        }
        const pasted = this.paste + s.slice(i, end)
        this.paste = undefined
        push({ name: 'paste', text: pasteText(pasted) })
        i = end + pasteEnd.length
        continue
      }
      const c = s[i]!
      if (c === '\x1b') {
        const r = this.escape(s, i)
        if (r === undefined) {
          this.pending = s.slice(i)
          break
        }
        if (r.paste) this.paste = ''
        else if (r.key) push(r.key)
        i = r.next
        continue
      }
      const named = controls[c]
      if (named) push({ name: named })
      else if (c >= ' ' && !(c >= '\x80' && c <= '\x9f')) text += c
      i++
    }
    if (text) keys.push({ name: 'text', text })
    return keys
  }

  /** True while an escape sequence or a paste is unfinished (the caller may call flush() after a short wait). */
  get waiting(): boolean {
    return this.pending !== '' || this.paste !== undefined
  }

  /** True while inside a bracketed paste. */
  get inPaste(): boolean {
    return this.paste !== undefined
  }

  /** Gives up waiting: a lone ESC is the Escape key; an unterminated paste is delivered as it is. */
  flush(): Key[] {
    const keys: Key[] = []
    if (this.paste !== undefined) {
      keys.push({ name: 'paste', text: pasteText(this.paste + this.pending) })
      this.paste = undefined
      this.pending = ''
      return keys
    }
    const rest = this.pending
    this.pending = ''
    if (rest === '') return keys
    keys.push({ name: 'escape' })
    return keys.concat(this.feed(rest.slice(1)))
  }

  /** Parses an escape sequence at s[i] (an ESC); undefined when it is unfinished. */
  private escape(s: string, i: number): { key?: Key; paste?: boolean; next: number } | undefined {
    const n = s[i + 1]
    if (n === undefined) return undefined
    if (n === '[') {
      let j = i + 2
      while (j < s.length && /[0-9;:?<=>]/.test(s[j]!)) j++
      if (j >= s.length) return undefined
      const final = s[j]!
      const params = s.slice(i + 2, j)
      if (`\x1b[${params}${final}` === pasteStart) return { paste: true, next: j + 1 }
      const key = csiKey(params, final)
      return key ? { key, next: j + 1 } : { next: j + 1 }
    }
    if (n === 'O') {
      const f = s[i + 2]
      if (f === undefined) return undefined
      const key = csiKey('', f)
      return key ? { key, next: i + 3 } : { next: i + 3 }
    }
    if (n === '\x1b') {
      // ESC ESC [ D: some terminals send Alt-<arrow> this way; treat it as the word-wise move.
      const inner = this.escape(s, i + 1)
      if (inner === undefined) return undefined
      const k = inner.key
      if (k?.name === 'left') return { key: { name: 'wordLeft' }, next: inner.next }
      if (k?.name === 'right') return { key: { name: 'wordRight' }, next: inner.next }
      return { key: { name: 'escape' }, next: i + 1 }
    }
    const name = alt[n]
    return name ? { key: { name }, next: i + 2 } : { next: i + 2 }
  }
}

/** Length of the longest proper prefix of `marker` that `s` ends with. */
function partialSuffix(s: string, marker: string): number {
  for (let k = Math.min(marker.length - 1, s.length); k > 0; k--) if (s.endsWith(marker.slice(0, k))) return k
  return 0
}
