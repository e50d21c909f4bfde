// Ctrl-C in the middle of `agentry test` (in-process: ctx.interrupt() is what SIGINT calls): no more
// cases start, the ones in flight finish, and every file is written with the cases that finished; exit 130.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, expect, it } from 'vitest'
import { run } from '../../src/cli.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, hook, quietEmulator } from '../helpers/emulator.js'
import { pollUntil } from '../helpers/poll.js'
import { tempDir } from '../helpers/temp-dir.js'
import { reportDataOf } from '../../src/evals/report-html.js'

const fx = emulatorFixture({ emulator: quietEmulator })
afterAll(async () => {
  await hook(fx.emu, 'POST', 'latency', { ms: 0 })
})

it('keeps what finished: results, JUnit and report hold the cases that ran, exit 130', async () => {
  await hook(fx.emu, 'POST', 'latency', { ms: 150 })
  const dir = tempDir()
  const file = join(dir, 'many.yaml')
  const cases = Array.from({ length: 30 }, (_, i) => `  - description: case ${i}\n    message: hello ${i}\n`).join('')
  await writeFile(file, `targets: [{ agent: demo-assistant }]\ncases:\n${cases}`)
  const [results, junit, report] = ['r.ndjson', 'j.xml', 'r.html'].map((f) => join(dir, f))
  const t = emulatorContext(fx)
  const before = fx.emu.state.counters.get('completions') ?? 0
  const ctx = t.newContext()
  const running = run(
    ['test', file, '--concurrency', '2', '--results', results!, '--junit', junit!, '--report', report!],
    ctx,
  )
  await pollUntil(() => (fx.emu.state.counters.get('completions') ?? 0) - before >= 3, {
    timeoutMs: 20_000,
    what: 'three cases answered',
  })
  // the run took Ctrl-C (ctx.onInterrupt) rather than leaving it to abort the run
  expect(ctx.interrupt()).toBe(true)
  expect(await running).toBe(130)
  const served = (fx.emu.state.counters.get('completions') ?? 0) - before
  const lines = readFileSync(results!, 'utf8').trim().split('\n')
  // every case the service answered has its line (the ones in flight finished), and no more were started
  expect(lines).toHaveLength(served)
  expect(served).toBeLessThan(30)
  expect(t.stderr()).toContain('stopping: no more cases are started')
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(junit!, 'utf8'))
  expect(doc.testsuites.tests).toBe(String(served))
  expect(reportDataOf(readFileSync(report!, 'utf8')).strings).toContain('case 0')
})
