import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createCompleter, type DirEntry } from '../../src/chat/interactive/completion.js'
import { commonPrefix, completeCommand, parseLine, slashCommands, suggest } from '../../src/chat/interactive/slash.js'
import { editDistance } from '../../src/io/did-you-mean.js'

describe('parseLine', () => {
  it('reads commands with their argument, case-insensitively, and aliases', () => {
    expect(parseLine('/help')).toEqual({ kind: 'command', name: 'help', arg: '' })
    expect(parseLine('/SYSTEM  Be terse.  ')).toEqual({ kind: 'command', name: 'system', arg: 'Be terse.' })
    expect(parseLine('/system line one\nline two')).toEqual({
      kind: 'command',
      name: 'system',
      arg: 'line one\nline two',
    })
    expect(parseLine('/quit')).toEqual({ kind: 'command', name: 'exit', arg: '' })
    expect(parseLine('/?')).toEqual({ kind: 'command', name: 'help', arg: '' })
    expect(parseLine('/save out.jsonl')).toEqual({ kind: 'command', name: 'save', arg: 'out.jsonl' })
  })

  it('sends paths, a bare slash and // lines as messages', () => {
    expect(parseLine('/usr/bin is empty, why?')).toEqual({ kind: 'message', text: '/usr/bin is empty, why?' })
    expect(parseLine('/ hello')).toEqual({ kind: 'message', text: '/ hello' })
    expect(parseLine('//help me')).toEqual({ kind: 'message', text: '/help me' })
    expect(parseLine('hello /help')).toEqual({ kind: 'message', text: 'hello /help' })
  })

  it('reports an unknown command with the nearest one', () => {
    expect(parseLine('/hlep')).toEqual({ kind: 'unknown', name: 'hlep', suggestion: 'help' })
    expect(parseLine('/sav x')).toEqual({ kind: 'unknown', name: 'sav', suggestion: 'save' })
    expect(parseLine('/exti')).toEqual({ kind: 'unknown', name: 'exti', suggestion: 'exit' })
    expect(parseLine('/frobnicate')).toEqual({ kind: 'unknown', name: 'frobnicate', suggestion: undefined })
  })
})

describe('suggest and editDistance', () => {
  it('prefers a unique prefix, then the nearest name within two edits', () => {
    expect(suggest('ret')).toBe('retry')
    expect(suggest('tols')).toBe('tools')
    expect(suggest('imgae')).toBe('image')
    expect(suggest('qiut')).toBe('exit')
    expect(suggest('s')).toBeUndefined()
    expect(suggest('zzzzzz')).toBeUndefined()
  })

  it('is a distance: zero only for equal strings, symmetric, one for a transposition', () => {
    expect(editDistance('help', 'hlep')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const d = editDistance(a, b)
        expect(d === 0).toBe(a === b)
        expect(editDistance(b, a)).toBe(d)
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length))
      }),
    )
  })
})

describe('completion', () => {
  it('completes a unique command with a space, or to the common prefix with the candidates', () => {
    expect(completeCommand('/he')).toEqual({ text: '/help ', candidates: ['help'] })
    expect(completeCommand('/s')).toEqual({ text: '/s', candidates: ['system', 'save'] })
    expect(completeCommand('/')?.candidates).toEqual(slashCommands.map((c) => c.name))
    expect(completeCommand('/x')).toBeUndefined()
    expect(completeCommand('/help me')).toBeUndefined()
    expect(commonPrefix(['system', 'save'])).toBe('s')
  })

  it('completes file names after /image and /save from the injected listing', () => {
    const tree: Record<string, DirEntry[]> = {
      '.': [
        { name: 'photos', dir: true },
        { name: 'photo.png', dir: false },
        { name: '.hidden', dir: false },
      ],
      'photos/': [
        { name: 'cat.png', dir: false },
        { name: 'cow.jpg', dir: false },
      ],
    }
    const complete = createCompleter((p) => tree[p] ?? [])
    expect(complete('/image ph')).toEqual({ text: '/image photo', hint: 'photo.png  photos/' })
    expect(complete('/image photos/ca')).toEqual({ text: '/image photos/cat.png ', hint: undefined })
    expect(complete('/image photos/c')).toEqual({ text: '/image photos/c', hint: 'cat.png  cow.jpg' })
    expect(complete('/save photos')).toEqual({ text: '/save photos/', hint: undefined })
    expect(complete('/sy')).toEqual({ text: '/system ', hint: undefined })
    expect(complete('hello')).toBeUndefined()
    expect(complete('/image nothing')).toBeUndefined()
  })
})
