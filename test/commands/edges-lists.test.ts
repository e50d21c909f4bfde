// Lists at a terminal (issue 12): a note when more pages follow or nothing came back, and tables that keep ids whole.
import { describe, expect, it } from 'vitest'
import { createIO } from '../../src/io/iostreams.js'
import { Output } from '../../src/io/output.js'
import { testAccount, testContext } from '../helpers/test-context.js'

const agent = (i: number) => ({ id: `agent-with-a-long-id-${i}`, name: `Agent ${i}`, description: 'd'.repeat(120) })
const page = (n: number, total: number) => ({
  data: Array.from({ length: n }, (_, i) => agent(i)),
  pagination: { total, page: 1, page_count: Math.ceil(total / 20), page_size: 20 },
})
const path = `/api/v1beta/${testAccount}/agents?page=1`

describe('list notes', () => {
  it('after the first page on a terminal: "20 of 5,002 — use --all or --page 2" on stderr', async () => {
    const t = testContext({ tty: true, columns: 80 })
    t.http.get(path).reply(200, page(20, 5002))
    expect(await t.run(['agents', 'list'])).toBe(0)
    expect(t.stderr()).toBe('20 of 5,002 — use --all or --page 2\n')
  })
  it.each([[['agents', 'list', '--json']], [['-q', 'agents', 'list']], [['agents', 'list', '-o', 'tsv']]])(
    'no note of more pages with %j',
    async (argv) => {
      const t = testContext({ tty: true })
      t.http.get(path).reply(200, page(20, 5002))
      expect(await t.run(argv)).toBe(0)
      expect(t.stderr()).toBe('')
    },
  )
  it('no note when the list is complete', async () => {
    const t = testContext({ tty: true })
    t.http.get(path).reply(200, page(3, 3))
    expect(await t.run(['agents', 'list'])).toBe(0)
    expect(t.stderr()).toBe('')
  })
  it('an empty list on a terminal says so; piped it prints nothing', async () => {
    const t = testContext({ tty: true })
    t.http.get(path).reply(200, { data: [], pagination: { total: 0, page: 1, page_count: 0, page_size: 20 } })
    expect(await t.run(['agents', 'list'])).toBe(0)
    expect(t.stdout()).toBe('')
    expect(t.stderr()).toBe('no agents\n')
    const p = testContext()
    p.http.get(path).reply(200, { data: [], pagination: { total: 0, page: 1, page_count: 0, page_size: 20 } })
    expect(await p.run(['agents', 'list'])).toBe(0)
    expect(p.stderr()).toBe('')
  })
})

function io(tty: boolean, columns: number | undefined, env: Record<string, string> = {}) {
  let out = ''
  const sink = {
    write: (s: string | Uint8Array) => {
      out += String(s)
      return true
    },
    isTTY: tty,
    ...(columns ? { columns } : {}),
  }
  const streams = createIO({
    stdin: process.stdin,
    stdout: sink,
    stderr: { write: () => true },
    env: { NO_COLOR: '1', ...env },
  })
  return { streams, out: () => out }
}
const fields = [
  { header: 'ID', get: (x: ReturnType<typeof agent>) => x.id },
  { header: 'NAME', get: (x: ReturnType<typeof agent>) => x.name },
  { header: 'DESCRIPTION', get: (x: ReturnType<typeof agent>) => x.description },
]

describe('tables', () => {
  it('never cut ids: the description shrinks first', async () => {
    const t = io(true, 50)
    await new Output(t.streams, 'table').list([agent(1), agent(2)], fields)
    expect(t.out()).toContain('agent-with-a-long-id-1')
    expect(t.out()).toContain('…')
    const t2 = io(true, 20)
    await new Output(t2.streams, 'table').list([agent(1)], fields)
    expect(t2.out()).toContain('agent-with-a-long-id-1')
  })
  it('-o table when piped: COLUMNS, else no truncation (not 80)', async () => {
    const t = io(false, undefined)
    await new Output(t.streams, 'table').list([agent(1)], fields)
    expect(t.out()).toContain('d'.repeat(120))
    const c = io(false, undefined, { COLUMNS: '60' })
    await new Output(c.streams, 'table').list([agent(1)], fields)
    expect(
      Math.max(
        ...c
          .out()
          .trimEnd()
          .split('\n')
          .map((l) => l.length),
      ),
    ).toBeLessThanOrEqual(60)
  })
})

describe('numbers in tables and TSV', () => {
  const rows = [{ id: 'a', avg: 10 / 3, sum: 0.1 + 0.2, price: 19.99, geo: 52.520008 }]
  const numFields = ['id', 'avg', 'sum', 'price', 'geo'].map((k) => ({
    header: k.toUpperCase(),
    get: (x: Record<string, unknown>) => x[k],
  }))
  it('averages print with 4 decimals at most; exact values stay; JSON keeps the exact number', async () => {
    const t = io(false, undefined)
    await new Output(t.streams, 'tsv').list(rows, numFields)
    expect(t.out()).toBe('a\t3.3333\t0.3\t19.99\t52.520008\n')
    const j = io(false, undefined)
    await new Output(j.streams, 'json').list(rows, numFields)
    expect(JSON.parse(j.out())[0].avg).toBe(10 / 3)
    const tbl = io(true, 100)
    await new Output(tbl.streams, 'table').list(rows, numFields)
    expect(tbl.out()).toContain('3.3333 ')
    expect(tbl.out()).not.toContain('3.33333')
  })
})
