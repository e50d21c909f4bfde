// The progress of `agentry test` (in-process against the file's emulator): an ora spinner with a counter on a
// terminal, nothing animated when piped or under CI; the summary line either way.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })

async function testRun(opts: { tty: boolean; ci?: string }) {
  const file = join(tempDir(), 'p.yaml')
  const cases = [0, 1, 2].map((i) => `  - description: p ${i}\n    message: hello ${i}\n`).join('')
  await writeFile(file, `targets: [{ agent: demo-assistant }]\ncases:\n${cases}`)
  const t = emulatorContext(fx, { tty: opts.tty, env: { CI: opts.ci } })
  const code = await t.run(['test', file, '--concurrency', '1'])
  return { code, stderr: t.stderr(), stdout: t.stdout() }
}

describe('agentry test: progress', () => {
  it('on a terminal: an ora spinner with the counter, erased before the summary', async () => {
    await import('ora') // loaded once here, so that the spinner shows before three quick cases are over
    const r = await testRun({ tty: true })
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] tested [123]\/3/)
    expect(r.stderr).toMatch(
      /\x1b\[\?25h3 cases × 1 target = 3 cells: 3 passed, 0 failed, 0 errored; 3 runs, 0 errored \(--errors fail: [^)]*\) in \d+\.\d s\n$/,
    )
  })

  it.each([
    ['piped', { tty: false }, 'stdout: a TSV row per case × target: case, target, verdict, runs, ms, tokens, why\n'],
    ['under CI', { tty: true, ci: 'true' }, ''],
  ])('%s: nothing animated, only the summary (piped: after a line naming the columns)', async (_, opts, label) => {
    const r = await testRun(opts)
    expect(r.code).toBe(0)
    expect(r.stderr.slice(0, label.length)).toBe(label)
    expect(r.stderr.slice(label.length)).toMatch(
      /^3 cases × 1 target = 3 cells: 3 passed, 0 failed, 0 errored; 3 runs, 0 errored \(--errors fail: [^)]*\) in \d+\.\d s\n$/,
    )
    if (label) expect(r.stdout.split('\n')[0]!.split('\t')).toHaveLength(7)
  })
})
