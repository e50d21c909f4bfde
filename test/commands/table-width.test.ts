// Tables fit the terminal (issue 22 item 6): at 40 columns no row wraps and no id is cut, the row's own or one it
// refers to (`scn_sum…` in `schedule list`); other columns shrink first, then the last ones are left out.
import stringWidth from 'string-width'
import { expect, it } from 'vitest'
import { createIO } from '../../src/io/iostreams.js'
import { Output } from '../../src/io/output.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })

const widest = (text: string) =>
  Math.max(
    ...text
      .trimEnd()
      .split('\n')
      .map((l) => stringWidth(l)),
  )

it('schedule, webhook and scenario lists at 40 columns: every line fits, referenced ids whole', async () => {
  for (const [argv, ids] of [
    [
      ['schedule', 'list'],
      ['sch_daily', 'scn_summarize', 'scn_translate'],
    ],
    [
      ['webhook', 'list'],
      ['whk_orders', 'scn_summarize'],
    ],
    [
      ['scenario', 'list'],
      ['scn_summarize', 'demo-assistant', 'agent_deleted'],
    ],
  ] as const) {
    const t = emulatorContext(fx, { tty: true, columns: 40 })
    expect(await t.run([...argv]), t.stderr()).toBe(0)
    expect(widest(t.stdout()), t.stdout()).toBeLessThanOrEqual(40)
    for (const id of ids) expect(t.stdout()).toContain(id)
    expect(t.stdout().split('\n')[0]).toMatch(/^ID +NAME/)
  }
})

function table(columns: number) {
  let out = ''
  const write = (s: string | Uint8Array) => {
    out += String(s)
    return true
  }
  const sink = { write, isTTY: true, columns }
  const io = createIO({ stdin: process.stdin, stdout: sink, stderr: { write: () => true }, env: { NO_COLOR: '1' } })
  return { output: new Output(io, 'table'), text: () => out }
}

it('shrinks the widest other column first, leaves out the last ones only when 8 each is still too wide', async () => {
  const rows = [{ id: 'a_1', ref: 'ref_0123456789', name: 'n'.repeat(30), note: 'x'.repeat(30) }]
  const fields = [
    { header: 'ID', get: (r: (typeof rows)[0]) => r.id },
    { header: 'NAME', get: (r: (typeof rows)[0]) => r.name },
    { header: 'REF', get: (r: (typeof rows)[0]) => r.ref, id: true },
    { header: 'NOTE', get: (r: (typeof rows)[0]) => r.note },
  ]
  const wide = table(60)
  await wide.output.list(rows, fields)
  const [head, row] = wide.text().split('\n')
  expect(stringWidth(row!)).toBe(60)
  expect(row).toContain('  ref_0123456789  ')
  // the two wide columns are cut alike: neither is sacrificed to 8 while the other stays whole
  const cells = row!.split(/ {2,}/)
  expect(Math.abs(cells[1]!.length - cells[3]!.length)).toBeLessThanOrEqual(1)
  expect(cells[1]).toMatch(/^n+…$/)
  expect(head).toMatch(/^ID +NAME +REF +NOTE$/)
  const fits = table(40)
  await fits.output.list(rows, fields)
  expect(fits.text().split('\n')[1]).toBe('a_1  nnnnnnn…  ref_0123456789  xxxxxxxx…')
  const narrow = table(36)
  await narrow.output.list(rows, fields)
  expect(narrow.text()).toBe(`ID   NAME             REF\na_1  ${'n'.repeat(14)}…  ref_0123456789\n`)
  const tiny = table(20)
  await tiny.output.list(rows, fields)
  expect(tiny.text()).toBe('ID   REF\na_1  ref_0123456789\n')
  // ids wider than the terminal overflow it, whole
  const tinier = table(10)
  await tinier.output.list(rows, fields)
  expect(tinier.text()).toBe('ID   REF\na_1  ref_0123456789\n')
})
