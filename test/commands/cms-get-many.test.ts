// `agentry cms get <collection> <id…>` and `client.cms.getByIds` (issue 30 item 3), in-process against the emulator:
// several records in the order asked, each id not found named in one error (exit 3), drafts only through cma.
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { runCommand } from '../helpers/run-command.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const cms = (...args: string[]) => runCommand(['cms', ...args], { env: fx.env() })

describe('cms get with several ids', () => {
  it('prints the records in the order asked (--json: an array), each id once', async () => {
    const r = await cms('get', 'posts', 'post_00003', 'post_00001', 'post_00002', 'post_00001', '--json')
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    const records = JSON.parse(r.stdout)
    expect(records.map((x: { id: string }) => x.id)).toEqual(['post_00003', 'post_00001', 'post_00002'])
    expect(records[0].data.title).toEqual(expect.any(String))
  })

  it('TSV: one row a record, ID first, then the data fields', async () => {
    const r = await cms('get', 'posts', 'post_00002', 'post_00001')
    expect(r.exitCode).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines.map((l) => l.split('\t')[0])).toEqual(['post_00002', 'post_00001'])
  })

  it('names every id not found (exit 3) after printing the others', async () => {
    const r = await cms('get', 'posts', 'nosuch_a', 'post_00001', 'nosuch_b', '--json')
    expect(r.exitCode).toBe(3)
    expect(JSON.parse(r.stdout).map((x: { id: string }) => x.id)).toEqual(['post_00001'])
    expect(r.stderr).toMatch(/not found in posts: nosuch_a, nosuch_b/)
    expect(r.stderr).toMatch(/the other 1 were printed/)
  })

  it('a draft is found through cma only; a record whose data has its own id field is found too', async () => {
    const save = async (data: object) => {
      const s = await cms('save', 'many', '--data', JSON.stringify(data), '--json')
      return JSON.parse(s.stdout).id as string
    }
    const a = await save({ title: 'a', id: 'shadowing' })
    const b = await save({ title: 'b' })
    const cda = await cms('get', 'many', a, b)
    expect(cda.exitCode).toBe(3)
    expect(cda.stderr).toMatch(/--access cma/)
    const cma = await cms('get', 'many', b, a, '--access', 'cma', '--json')
    expect(cma.exitCode).toBe(0)
    expect(JSON.parse(cma.stdout).map((x: { data: { title: string } }) => x.data.title)).toEqual(['b', 'a'])
  })

  it('one id prints the record itself, as before (an object with --json)', async () => {
    const r = await cms('get', 'posts', 'post_00001', '--json')
    expect(JSON.parse(r.stdout).id).toBe('post_00001')
  })
})

describe('client.cms.getByIds', () => {
  it('more than a hundred ids: every record in order, the missing ones named', async () => {
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    // the seeded products are product_0001 … product_0500
    const ids = Array.from({ length: 150 }, (_, i) => `product_${String(150 - i).padStart(4, '0')}`)
    const asked = [...ids, 'nosuch', ...ids.slice(0, 3)]
    const { records, missing } = await c.cms.getByIds('products', asked)
    expect(records.map((r) => r.id)).toEqual(ids)
    expect(missing).toEqual(['nosuch'])
    await c.close()
  })
})
