import fc from 'fast-check'
import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import { layoutInput, rowsAboveCursor } from '../../src/chat/interactive/layout.js'
import { fitWidth } from '../../src/chat/interactive/prompt-view.js'
import { formatDuration } from '../../src/io/format-duration.js'
import {
  compactArguments,
  formatToolCall,
  formatToolResult,
  formatUsage,
  oneLine,
} from '../../src/chat/interactive/status.js'

const opts = { prompt: '› ', continuation: '· ', columns: 10 }

describe('layoutInput', () => {
  it('puts each line after its marker and wraps long lines under the text', () => {
    const l = layoutInput('abcdefghijkl\nxy', 3, opts)
    expect(l.rows).toEqual([
      { prefix: '› ', text: 'abcdefgh' },
      { prefix: '  ', text: 'ijkl' },
      { prefix: '· ', text: 'xy' },
    ])
    expect([l.cursorRow, l.cursorCol]).toEqual([0, 5])
    expect(layoutInput('abcdefghijkl\nxy', 10, opts)).toMatchObject({ cursorRow: 1, cursorCol: 4 })
    expect(layoutInput('abcdefghijkl\nxy', 15, opts)).toMatchObject({ cursorRow: 2, cursorCol: 4 })
  })

  it('moves the cursor to a new row when the text exactly fills the width', () => {
    const l = layoutInput('abcdefgh', 8, opts)
    expect(l.rows).toEqual([
      { prefix: '› ', text: 'abcdefgh' },
      { prefix: '  ', text: '' },
    ])
    expect([l.cursorRow, l.cursorCol]).toEqual([1, 2])
  })

  it('never splits a wide character and draws tabs as spaces', () => {
    const l = layoutInput('ab界界界界', 2, opts)
    expect(l.rows.map((r) => r.text)).toEqual(['ab界界界', '界'])
    expect(layoutInput('\tx', 2, opts).rows[0]!.text).toBe('    x')
  })

  it('keeps every row within the width and the cursor on the screen (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 60 }).map((s) => s.replace(/[\x00-\x1f\x7f-\x9f]/g, '')),
        fc.integer({ min: 6, max: 40 }),
        fc.nat(),
        (raw, columns, at) => {
          const text = raw.replace(/x/g, '\n')
          const cursor =
            text.length === 0 ? 0 : ([...new Intl.Segmenter().segment(text)].map((s) => s.index)[at % 3] ?? 0)
          const l = layoutInput(text, cursor, { ...opts, columns })
          for (const r of l.rows) expect(stringWidth(r.prefix + r.text)).toBeLessThanOrEqual(columns)
          expect(l.cursorCol).toBeLessThan(columns)
          expect(l.cursorRow).toBeLessThan(l.rows.length)
          expect(l.rows.map((r) => r.text).join('')).toBe(text.replace(/\n/g, '').replace(/\t/g, '    '))
        },
      ),
    )
  })
})

describe('rowsAboveCursor', () => {
  it('is the cursor row when the width grew or stayed, and counts rewrapped rows when it shrank', () => {
    expect(rowsAboveCursor([99, 12], { row: 1, col: 10 }, 100, 100)).toBe(1)
    expect(rowsAboveCursor([99, 12], { row: 1, col: 10 }, 100, 120)).toBe(1)
    // 99 columns rewrap onto 2 rows at 60; the cursor's row stays one row
    expect(rowsAboveCursor([99, 12], { row: 1, col: 10 }, 100, 60)).toBe(2)
    // at 30: 99 → 4 rows, and the cursor at column 40 of its row is now one row further down
    expect(rowsAboveCursor([99, 50], { row: 1, col: 40 }, 100, 30)).toBe(5)
    expect(rowsAboveCursor([0, 0, 5], { row: 2, col: 0 }, 80, 40)).toBe(2)
  })
})

describe('status lines', () => {
  it('formats durations for people', () => {
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(1234)).toBe('1.2 s')
    expect(formatDuration(125_000)).toBe('2 m 05 s')
  })

  it('shows tokens, time and speed over the streaming time only', () => {
    const usage = { prompt_tokens: 12, completion_tokens: 85, total_tokens: 97 }
    expect(formatUsage(usage, { sentAt: 0, firstTextAt: 1000, endedAt: 2214 })).toBe(
      '12 in · 85 out · 2.2 s · 70 tok/s',
    )
    expect(formatUsage(usage, { sentAt: 0, firstTextAt: 990, endedAt: 1000 })).toBe('12 in · 85 out · 1.0 s')
    expect(formatUsage(undefined, { sentAt: 0, firstTextAt: undefined, endedAt: 300 })).toBe('300 ms')
  })

  it('shows tool calls compactly and safely on one row', () => {
    const call = {
      id: 'c1',
      type: 'function' as const,
      function: { name: 'get_weather', arguments: '{\n  "city": "Paris"\n}' },
    }
    expect(formatToolCall(call, 80)).toBe('⚙ get_weather {"city":"Paris"}')
    expect(formatToolCall(call, 15)).toBe('⚙ get_weather…')
    expect(compactArguments('not json\n at all')).toBe('not json at all')
    expect(oneLine('a\x1b[2Jb\r\nc')).toBe('a\\u001b[2Jb c')
    expect(formatToolResult({ name: 'w', content: '18 °C\nrain', ok: true, ms: 120 }, 80)).toBe(
      '  ↳ w: 18 °C … · 120 ms',
    )
    expect(formatToolResult({ name: 'w', content: 'boom', ok: false, ms: 5 }, 80)).toBe('  ↳ w: failed: boom · 5 ms')
    expect(fitWidth('界界界', 4)).toBe('界…')
  })
})
