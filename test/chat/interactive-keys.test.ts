import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Key, KeyDecoder } from '../../src/chat/interactive/keys.js'

const decode = (...chunks: string[]) => {
  const d = new KeyDecoder()
  const keys = chunks.flatMap((c) => d.feed(c))
  return [...keys, ...d.flush()]
}

/** Adjacent text keys merged: how many characters one key holds depends on chunking, the text does not. */
const merged = (keys: Key[]) =>
  keys.reduce<Key[]>((out, k) => {
    const last = out.at(-1)
    if (k.name === 'text' && last?.name === 'text') out[out.length - 1] = { name: 'text', text: last.text + k.text }
    else out.push(k)
    return out
  }, [])

describe('KeyDecoder', () => {
  it('groups printable characters into one text key and names control keys', () => {
    expect(decode('héllo 👋\r')).toEqual([{ name: 'text', text: 'héllo 👋' }, { name: 'enter' }])
    expect(decode('\x01\x05\x17\x15\x0b\x19\x03\x04\x0c\t\x7f\b\n')).toEqual(
      ['home', 'end', 'wordBackspace', 'killStart', 'killEnd', 'yank', 'interrupt', 'eof', 'clear', 'tab']
        .concat(['backspace', 'backspace', 'newline'])
        .map((name) => ({ name })),
    )
  })

  it('decodes CSI and SS3 cursor keys, with Ctrl/Alt modifiers as word moves', () => {
    expect(decode('\x1b[A\x1b[B\x1b[C\x1b[D\x1bOH\x1bOF\x1b[H\x1b[F').map((k) => k.name)).toEqual([
      'up',
      'down',
      'right',
      'left',
      'home',
      'end',
      'home',
      'end',
    ])
    expect(decode('\x1b[1;5D\x1b[1;5C\x1b[1;3D\x1b[1;2C').map((k) => k.name)).toEqual([
      'wordLeft',
      'wordRight',
      'wordLeft',
      'right',
    ])
    expect(decode('\x1b[1~\x1b[4~\x1b[7~\x1b[8~\x1b[3~\x1b[3;5~').map((k) => k.name)).toEqual([
      'home',
      'end',
      'home',
      'end',
      'delete',
      'wordDelete',
    ])
  })

  it('reads Alt-Enter, Alt-Backspace, Alt-B/F/D, Shift-Enter (kitty, modifyOtherKeys)', () => {
    expect(decode('\x1b\r\x1b\x7f\x1bb\x1bf\x1bd\x1b[13;2u\x1b[27;2;13~\x1b[13u').map((k) => k.name)).toEqual([
      'newline',
      'wordBackspace',
      'wordLeft',
      'wordRight',
      'wordDelete',
      'newline',
      'newline',
      'enter',
    ])
  })

  it('ignores unknown sequences and C1 controls without leaking their bytes as text', () => {
    expect(decode('a\x1b[5~\x1b[200;1xb\x1b[Zc\x9bd')).toEqual([{ name: 'text', text: 'abcd' }])
  })

  it('keeps a bracketed paste whole: newlines stay, CRs become LFs, controls are dropped', () => {
    expect(decode('x\x1b[200~line 1\r\nline 2\rline\t3\x1b[31m\x1b[201~\r')).toEqual([
      { name: 'text', text: 'x' },
      { name: 'paste', text: 'line 1\nline 2\nline\t3[31m' },
      { name: 'enter' },
    ])
  })

  it('holds a sequence split across chunks until its end arrives', () => {
    const d = new KeyDecoder()
    expect(d.feed('ab\x1b')).toEqual([{ name: 'text', text: 'ab' }])
    expect(d.waiting).toBe(true)
    expect(d.feed('[')).toEqual([])
    expect(d.feed('D')).toEqual([{ name: 'left' }])
    expect(d.feed('\x1b[20')).toEqual([])
    expect(d.feed('0~one\x1b[2')).toEqual([])
    expect(d.inPaste).toBe(true)
    expect(d.feed('01~')).toEqual([{ name: 'paste', text: 'one' }])
    expect(d.waiting).toBe(false)
  })

  it('turns a lone ESC into the Escape key on flush, and delivers an unterminated paste', () => {
    const d = new KeyDecoder()
    expect(d.feed('\x1b')).toEqual([])
    expect(d.flush()).toEqual([{ name: 'escape' }])
    d.feed('\x1b[200~half a pas')
    expect(d.flush()).toEqual([{ name: 'paste', text: 'half a pas' }])
    expect(d.flush()).toEqual([])
  })

  it('decodes the same keys however the input is cut into chunks (property)', () => {
    const atoms = fc.constantFrom(
      'a',
      'Z',
      ' ',
      'é',
      '界',
      '\r',
      '\x7f',
      '\x03',
      '\x1b[A',
      '\x1b[1;5C',
      '\x1bOH',
      '\x1b\r',
      '\x1bb',
      '\x1b[3~',
      '\x1b[200~pasted\r\ntext\x1b[201~',
    )
    fc.assert(
      fc.property(fc.array(atoms, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 10 }), (parts, cuts) => {
        const input = parts.join('')
        const at = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b)
        const chunks: string[] = []
        let prev = 0
        for (const c of at) {
          chunks.push(input.slice(prev, c))
          prev = c
        }
        chunks.push(input.slice(prev))
        expect(merged(decode(...chunks))).toEqual(merged(decode(input)))
      }),
    )
  })
})
