import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  formatHistoryLine,
  History,
  historyFile,
  parseHistory,
  shouldRecord,
} from '../../src/chat/interactive/history.js'
import { tempDir } from '../helpers/temp-dir.js'

let dir: string
beforeEach(() => {
  dir = tempDir('agentry-history-')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('history file format', () => {
  it('round-trips any entries, multi-line and unicode ones included, one line each (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', minLength: 1 })), (entries) => {
        const text = entries.map(formatHistoryLine).join('')
        expect(text.split('\n').length).toBe(entries.length + 1)
        expect(parseHistory(text)).toEqual(entries)
      }),
    )
  })

  it('skips malformed lines (a crash mid-append) and non-string values', () => {
    expect(parseHistory('"one"\n"tw\n42\n{"a":1}\n"three"\n')).toEqual(['one', 'three'])
  })

  it('records neither blanks, nor space-prefixed lines, nor a repeat of the last entry', () => {
    expect(shouldRecord('hello', undefined)).toBe(true)
    expect(shouldRecord('hello', 'hello')).toBe(false)
    expect(shouldRecord('  ', undefined)).toBe(false)
    expect(shouldRecord(' secret', undefined)).toBe(false)
  })
})

describe('History', () => {
  it('appends entries to <configDir>/history with mode 0600 and reads them back', async () => {
    const file = historyFile(join(dir, 'nested'))
    const h = await History.open(file)
    await h.add('first')
    await h.add('multi\nline')
    await h.add('multi\nline')
    await h.add(' not kept')
    expect(h.entries).toEqual(['first', 'multi\nline'])
    expect(readFileSync(file, 'utf8')).toBe('"first"\n"multi\\nline"\n')
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    expect((await History.open(file)).entries).toEqual(['first', 'multi\nline'])
  })

  it('keeps the newest `max` entries and compacts the file once it holds twice as many', async () => {
    const file = historyFile(dir)
    writeFileSync(file, Array.from({ length: 7 }, (_, i) => formatHistoryLine(`e${i}`)).join(''))
    const h = await History.open(file, 4)
    expect(h.entries).toEqual(['e3', 'e4', 'e5', 'e6'])
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(8) // below 2×max: left as it is
    await h.add('e7')
    expect(h.entries).toEqual(['e4', 'e5', 'e6', 'e7'])
    const again = await History.open(file, 4)
    expect(again.entries).toEqual(['e4', 'e5', 'e6', 'e7'])
    expect(parseHistory(readFileSync(file, 'utf8'))).toEqual(['e4', 'e5', 'e6', 'e7'])
  })

  it('makes a group- or world-readable history file private again', async () => {
    if (process.platform === 'win32') return
    const file = historyFile(dir)
    writeFileSync(file, formatHistoryLine('x'))
    chmodSync(file, 0o644)
    await History.open(file)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('works in memory when there is no file', async () => {
    const h = await History.open(undefined)
    await h.add('a')
    expect(h.entries).toEqual(['a'])
  })
})
