// The key tables of the decoder: control characters, Alt-prefixed keys, and CSI sequences (xterm "PC-Style
// Function Keys", VT220 editing keys, kitty's CSI u and xterm's modifyOtherKeys for modified Enter).
import type { Key, KeyName } from './keys.js'

/** Control characters and the keys they are. */
export const controls: Record<string, KeyName> = {
  '\r': 'enter',
  '\n': 'newline',
  '\t': 'tab',
  '\x7f': 'backspace',
  '\b': 'backspace',
  '\x01': 'home',
  '\x05': 'end',
  '\x02': 'left',
  '\x06': 'right',
  '\x10': 'up',
  '\x0e': 'down',
  '\x0b': 'killEnd',
  '\x15': 'killStart',
  '\x17': 'wordBackspace',
  '\x19': 'yank',
  '\x03': 'interrupt',
  '\x04': 'eof',
  '\x0c': 'clear',
  '\x1a': 'suspend',
  '\x18': 'prefixX',
}

/** Alt-<char> arrives as ESC followed by the character (xterm's metaSendsEscape, the default of most terminals). */
export const alt: Record<string, KeyName> = {
  '\r': 'newline',
  '\n': 'newline',
  '\x7f': 'wordBackspace',
  '\b': 'wordBackspace',
  b: 'wordLeft',
  f: 'wordRight',
  d: 'wordDelete',
}

const csiFinal: Record<string, KeyName> = { A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end' }
const tilde: Record<string, KeyName> = { '1': 'home', '7': 'home', '4': 'end', '8': 'end', '3': 'delete' }

/** Start of a bracketed paste. */
export const pasteStart = '\x1b[200~'
/** End of a bracketed paste. */
export const pasteEnd = '\x1b[201~'

/** Maps one complete CSI sequence (parameters and final byte) to a key, or undefined to ignore it. */
export function csiKey(params: string, final: string): Key | undefined {
  const parts = params.split(';')
  // xterm modifier parameter: 1 + (shift 1, alt 2, ctrl 4); Ctrl or Alt with an arrow moves by word.
  const mod = Number(parts[1] ?? '1') - 1
  const byWord = mod > 0 && (mod & 6) !== 0
  if (final === '~') {
    if (parts[0] === '27' && parts[2] === '13') return { name: 'newline' } // modifyOtherKeys: Shift/Alt-Enter
    const name = tilde[parts[0] ?? '']
    if (name === 'delete' && byWord) return { name: 'wordDelete' }
    return name ? { name } : undefined
  }
  if (final === 'u') {
    // kitty keyboard protocol (CSI code;mods u): Enter with any modifier inserts a newline.
    if (parts[0] === '13') return { name: mod > 0 ? 'newline' : 'enter' }
    return undefined
  }
  const name = csiFinal[final]
  if (!name) return undefined
  if (byWord && name === 'left') return { name: 'wordLeft' }
  if (byWord && name === 'right') return { name: 'wordRight' }
  return { name }
}

/** Normalizes pasted line breaks (terminals send CR for Enter) to LF and drops other control characters, so a
 * paste cannot smuggle escape sequences into the prompt's display or the message. Tabs stay. */
export function pasteText(s: string): string {
  return s.replace(/\r\n?/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, '')
}
