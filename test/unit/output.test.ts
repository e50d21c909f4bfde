import { describe, expect, it } from 'vitest'
import { createIO } from '../../src/io/iostreams.js'
import { Output, tsvEscape } from '../../src/io/output.js'

function io(tty: boolean) {
  let out = ''
  const write = (s: string | Uint8Array) => {
    out += String(s)
    return true
  }
  const sink = { write, isTTY: tty, columns: 40 }
  const streams = createIO({
    stdin: process.stdin,
    stdout: sink,
    stderr: { write: () => true },
    env: { NO_COLOR: '1' },
  })
  return { streams, out: () => out }
}
const fields = [
  { header: 'ID', get: (x: Record<string, unknown>) => x.id },
  { header: 'NAME', get: (x: Record<string, unknown>) => x.name },
]
const items = [
  { id: 'ag_1', name: 'Support\tdesk', extra: { a: 1 } },
  { id: 'ag_2', name: 'Sales' },
]

describe('Output', () => {
  it('prints TSV without a header when piped, escaping tabs and newlines', async () => {
    const t = io(false)
    await new Output(t.streams, Output.defaultFormat(t.streams)).list(items, fields)
    expect(t.out()).toBe('ag_1\tSupport\\tdesk\nag_2\tSales\n')
  })

  it.each(['json', 'ndjson', 'yaml', 'tsv', 'table'] as const)(
    'writes nothing until the first page arrives: a %s list that fails at once leaves stdout empty',
    async (format) => {
      const t = io(false)
      const failing = {
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.reject(new Error('first page failed')),
        }),
      }
      await expect(new Output(t.streams, format).list(failing, fields)).rejects.toThrow('first page failed')
      expect(t.out()).toBe('')
    },
  )

  it('writes [] for an empty JSON list', async () => {
    const empty = io(false)
    await new Output(empty.streams, 'json').list([], fields)
    expect(empty.out()).toBe('[]\n')
  })

  it('prints an aligned table with a header on a TTY', async () => {
    const t = io(true)
    await new Output(t.streams, Output.defaultFormat(t.streams)).list(items, fields)
    expect(t.out()).toBe('ID    NAME\nag_1  Support desk\nag_2  Sales\n')
  })

  it('prints identical JSON with and without a TTY, streamed from an async iterable', async () => {
    async function* gen() {
      yield* items
    }
    const a = io(true)
    const b = io(false)
    await new Output(a.streams, 'json').list(gen(), fields)
    await new Output(b.streams, 'json').list(items, fields)
    expect(a.out()).toBe(b.out())
    expect(JSON.parse(a.out())).toEqual(items)
    const empty = io(false)
    await new Output(empty.streams, 'json').list([], fields)
    expect(JSON.parse(empty.out())).toEqual([])
  })

  it('prints NDJSON and YAML', async () => {
    const n = io(false)
    await new Output(n.streams, 'ndjson').list(items, fields)
    expect(
      n
        .out()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(items)
    const y = io(false)
    await new Output(y.streams, 'yaml').item({ id: 'x', list: [1, 2] })
    expect(y.out()).toBe('id: x\nlist:\n  - 1\n  - 2\n')
  })

  it('escapes backslashes before tabs so TSV round-trips', () => {
    expect(tsvEscape('a\\tb\tc\nd')).toBe('a\\\\tb\\tc\\nd')
  })
})
