// Pretty, coloured JSON on a colour terminal (issue 12): the same text as piped once the colours are removed, each
// kind of token in its colour, and never a colour where colour is off (NO_COLOR, a pipe).
import { describe, expect, it } from 'vitest'
import { createIO } from '../../src/io/iostreams.js'
import { colorJson } from '../../src/io/json-color.js'
import { Output } from '../../src/io/output.js'

const sgr = /\x1b\[\d+m/g

function terminal(env: NodeJS.ProcessEnv, tty = true) {
  let out = ''
  const sink = {
    write: (s: string | Uint8Array) => {
      out += String(s)
      return true
    },
    isTTY: tty,
    columns: 80,
  }
  const streams = createIO({ stdin: process.stdin, stdout: sink, stderr: { write: () => true }, env })
  return { streams, out: () => out }
}

const record = { id: 'ag_1', name: 'has "quotes", 42 and true inside', views: -1.5e3, ok: true, none: null }

describe('coloured JSON', () => {
  it('colours names, strings, numbers, literals; removing the colours gives the exact text', () => {
    const text = JSON.stringify(record, null, 2)
    const coloured = colorJson(text)
    expect(coloured.replace(sgr, '')).toBe(text)
    expect(coloured).toContain('\x1b[34m"id"\x1b[39m:')
    expect(coloured).toContain('\x1b[32m"has \\"quotes\\", 42 and true inside"\x1b[39m')
    expect(coloured).toContain('\x1b[36m-1500\x1b[39m')
    expect(coloured).toContain('\x1b[33mtrue\x1b[39m')
    expect(coloured).toContain('\x1b[90mnull\x1b[39m')
  })

  it('--json on a colour terminal is coloured, lists and items alike; the same bytes as piped without colours', async () => {
    const tty = terminal({})
    const pipe = terminal({}, false)
    for (const t of [tty, pipe]) {
      const out = new Output(t.streams, 'json')
      await out.list([record, { id: 'ag_2' }], [])
      await out.item(record)
    }
    expect(tty.out()).toMatch(sgr)
    expect(tty.out().replace(sgr, '')).toBe(pipe.out())
    expect(pipe.out()).not.toMatch(sgr)
  })

  it('NO_COLOR keeps a terminal plain', async () => {
    const t = terminal({ NO_COLOR: '1' })
    await new Output(t.streams, 'json').item(record)
    expect(t.out()).toBe(`${JSON.stringify(record, null, 2)}\n`)
  })
})
