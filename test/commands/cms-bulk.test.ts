// `cms export --concurrency/--shard` and `cms import` that never duplicates (issue 11), in-process (src/cli.ts run())
// against a real emulator with its fault injection (answers reset after the record was stored). Expected records
// come from the emulator's own state. Interrupting a run half-way (Ctrl-C, a killed export) is a process's:
// test/e2e/cms-bulk.test.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { cmsBulkFixture } from '../helpers/cms-bulk-fixture.js'
import { injectFault } from '../helpers/emulator-faults.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture()

const cli = (args: string[], input?: string) =>
  runCommand(args, { env: fx.env(), ...(input !== undefined ? { input } : {}) })
const ids = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { id: string }).id)
const recordsPath = (collection: string) =>
  `${new URL(fx.emu.baseUrl).pathname}/${fx.emu.accountId}/cma/records/${collection}/`
const { count } = cmsBulkFixture(fx)

describe('cms import never duplicates', () => {
  const ten = Array.from({ length: 10 }, (_, i) => JSON.stringify({ data: { n: i + 1 } })).join('\n')

  it.each(['0', '2'])(
    '10 lines, 3 answers reset after the record was stored (--retries %s): exactly 10 records, none failed',
    async (retries) => {
      const dir = tempDir()
      const file = join(dir, 'ten.ndjson')
      writeFileSync(file, `${ten}\n`)
      const collection = `resets_${retries}`
      await injectFault(fx.emu, {
        match: { method: 'PUT', path: recordsPath(collection) },
        count: 3,
        resetAfterBytes: 5,
      })
      const r = await runCommand(['--retries', retries, 'cms', 'import', collection, file], { env: fx.env() })
      expect(r.stderr).toMatch(/^created \d+, updated \d+, skipped 0 \(resume\), failed 0\n$/)
      expect(r.exitCode).toBe(0)
      expect(count(collection)).toBe(10)
      expect(existsSync(`${file}.failed.ndjson`)).toBe(false)
      // the old hint was to import the file again: that must not duplicate either
      const again = await cli(['cms', 'import', collection, file])
      expect(again.exitCode).toBe(0)
      expect(again.stderr).toBe('created 0, updated 10, skipped 0 (resume), failed 0\n')
      expect(count(collection)).toBe(10)
    },
  )

  it('a follow-up check that got a corrupted answer says it could not check, not "not found afterwards"', async () => {
    const dir = tempDir()
    const file = join(dir, 'ten.ndjson')
    writeFileSync(file, `${ten}\n`)
    const collection = 'corrupted_checks'
    // every save's answer is lost after the record was stored; the first 3 read-backs are cut off (malformed JSON)
    await injectFault(fx.emu, {
      match: { method: 'PUT', path: recordsPath(collection) },
      count: 10,
      resetAfterBytes: 5,
    })
    await injectFault(fx.emu, {
      match: { method: 'GET', path: recordsPath(collection) },
      count: 3,
      truncateAfterBytes: 5,
    })
    const r = await runCommand(['--retries', '0', 'cms', 'import', collection, file], { env: fx.env() })
    expect(r.exitCode).toBe(1)
    expect(count(collection)).toBe(10)
    expect(r.stderr).toMatch(/created 0, updated 7, skipped 0 \(resume\), failed 3/)
    const failed = readFileSync(`${file}.failed.ndjson`, 'utf8')
    expect(failed).not.toContain('not found on the server afterwards')
    expect(failed.match(/could not check whether it was saved/g)).toHaveLength(3)
  })

  it('reads stdin: cms export … | cms import … - gives the same records', async () => {
    // about a hundred records (the design posts read in 1 or 2 minutes): a dozen rounds of 8 saves at once
    const exp = await cli(['cms', 'export', 'posts', '--where', 'category = "design" and readingMinutes <= 2'])
    expect(exp.exitCode).toBe(0)
    expect(ids(exp.stdout).length).toBeGreaterThan(50)
    const imp = await cli(['cms', 'import', 'design_piped', '-', '--concurrency', '8'], exp.stdout)
    expect(imp.stderr).toBe(`created ${ids(exp.stdout).length}, updated 0, skipped 0 (resume), failed 0\n`)
    expect(imp.exitCode).toBe(0)
    expect([...fx.emu.state.cms.get('design_piped')!.keys()].sort()).toEqual(ids(exp.stdout).sort())
    const resume = await cli(['cms', 'import', 'x', '-', '--resume'], '')
    expect(resume.exitCode).toBe(2)
    expect(resume.stderr).toMatch(/--resume needs a file/)
  })

  it('--shard i/n over lines: the shards together import every line once', async () => {
    const dir = tempDir()
    const file = join(dir, 'lines.ndjson')
    writeFileSync(file, `${Array.from({ length: 25 }, (_, i) => JSON.stringify({ data: { i } })).join('\n')}\n`)
    const sizes: number[] = []
    for (let i = 1; i <= 3; i++) {
      const before = count('sharded')
      const r = await cli(['cms', 'import', 'sharded', file, '--shard', `${i}/3`])
      expect(r.exitCode).toBe(0)
      sizes.push(count('sharded') - before)
    }
    expect(sizes).toEqual([9, 8, 8])
    expect(count('sharded')).toBe(25)
    expect((await cli(['cms', 'import', 'sharded', file, '--shard', '4/3'])).stderr).toMatch(/i must be 1 to 3/)
  })
})

// The 500 products in pages of 10: 50 pages, as many as the 5,000 posts in pages of 100, each a tenth of the work
// (the emulator filters and sorts the whole collection for every page).
const products = ['cms', 'export', 'products', '--page-size', '10']

describe('cms export in parallel', () => {
  it('--concurrency 8 writes the same bytes, in the same order, as --concurrency 1', async () => {
    const one = await cli([...products, '--concurrency', '1'])
    const eight = await cli([...products, '--concurrency', '8', '--order-by', 'id'])
    const eightDefault = await cli([...products, '--concurrency', '8'])
    expect(one.exitCode).toBe(0)
    expect(count('products')).toBe(500)
    expect(ids(one.stdout)).toHaveLength(500)
    expect(eightDefault.stdout).toBe(one.stdout)
    expect(ids(eight.stdout)).toEqual(ids(one.stdout).sort())
    expect((await cli(['cms', 'export', 'posts', '--concurrency', '65'])).stderr).toMatch(
      /--concurrency: 65 must be a whole number from 1 to 64/,
    )
  })

  it('--shard i/n: the union of the shards is the whole export, with no record twice', async () => {
    const full = ids((await cli(products)).stdout)
    const parts: string[] = []
    for (let i = 1; i <= 4; i++) {
      const r = await cli([...products, '--shard', `${i}/4`, '--concurrency', '3'])
      expect(r.exitCode).toBe(0)
      parts.push(...ids(r.stdout))
    }
    expect(new Set(parts).size).toBe(parts.length)
    expect(parts.sort()).toEqual([...full].sort())
  })
})
