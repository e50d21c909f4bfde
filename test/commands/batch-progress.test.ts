// The progress of a batch (in-process against the file's emulator): an ora spinner with a counter on a terminal, nothing
// animated when piped or under CI; the summary line either way.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture()

async function batchRun(opts: { tty: boolean; ci?: string }) {
  const dir = tempDir()
  const file = join(dir, 'in.ndjson')
  await writeFile(file, '"p 0"\n"p 1"\n"p 2"\n')
  const env = { AGENTRY_SCENARIO_SECRET: demoSecrets.scenarios.scn_summarize.secret, CI: opts.ci }
  const t = emulatorContext(fx, { tty: opts.tty, env })
  const argv = ['scenario', 'run', 'scn_summarize', '--batch', file, '--results', join(dir, 'out.ndjson')]
  const code = await t.run([...argv, '--signature-header', 'X-Signature', '--concurrency', '1'])
  return { code, stderr: t.stderr() }
}

describe('batch progress', () => {
  it('on a terminal: an ora spinner with the counter, erased before the summary', async () => {
    await import('ora') // loaded once here, so that the spinner shows before three quick runs are over
    const r = await batchRun({ tty: true })
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] ran [123]\/3/)
    // erased (CHA 1, EL 0) and the cursor shown again, then the summary
    expect(r.stderr).toMatch(/\x1b\[1G\x1b\[0K\x1b\[\?25h3 runs: 3 completed in \d+\.\d s\n$/)
  })

  it.each([
    ['piped', { tty: false }],
    ['under CI', { tty: true, ci: 'true' }],
  ])('%s: nothing animated, only the summary', async (_, opts) => {
    const r = await batchRun(opts)
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/^3 runs: 3 completed in \d+\.\d s\n$/)
  })
})
