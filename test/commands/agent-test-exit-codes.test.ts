// `agentry test`'s exit codes against the emulator: 10 only for assertion failures; a case with no answer exits
// with that failure's own code (4 a refused signature, 3 no such agent), which wins over 10, and is a JUnit <error>.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })

async function testFile(targets: string, cases: string) {
  const dir = tempDir()
  const file = join(dir, 'tests.yaml')
  await writeFile(file, `targets:\n${targets}cases:\n${cases}`)
  return { file, dir }
}

describe('agentry test: exit codes', () => {
  it('a wrong signing secret: 4, the runs are errors with the reason, JUnit <error>', async () => {
    const { file, dir } = await testFile(
      '  - scenario: scn_summarize\n    signatureHeader: X-Signature\n    secretEnv: WRONG_SECRET\n',
      '  - description: run\n    input: hi\n',
    )
    const junit = join(dir, 'j.xml')
    const t = emulatorContext(fx, { env: { WRONG_SECRET: 'not-the-secret' } })
    expect(await t.run(['test', file, '--junit', junit, '--json'])).toBe(4)
    const [row] = JSON.parse(t.stdout())
    expect(row).toMatchObject({ case: 'run', target: 'scn_summarize', verdict: 'error', passed: 0, runs: 1 })
    expect(row.why).toMatch(/401|signature/i)
    expect(t.stdout() + t.stderr()).not.toContain('not-the-secret')
    expect(readFileSync(junit, 'utf8')).toMatch(/<testsuites name="[^"]*" tests="1" failures="0" errors="1"/)
  })

  it('no answer wins over failed assertions: an unknown agent beside a failing case exits 3', async () => {
    const { file } = await testFile(
      '  - agent: demo-assistant\n  - agent: no-such-agent\n',
      '  - description: fails\n    message: hello\n    targets: [demo-assistant]\n    assert: [{ type: contains, value: nope }]\n  - description: nobody\n    message: hello\n    targets: [no-such-agent]\n',
    )
    const t = emulatorContext(fx)
    expect(await t.run(['test', file, '--json'])).toBe(3)
    expect(JSON.parse(t.stdout()).map((r: { verdict: string }) => r.verdict)).toEqual(['FAIL', 'error'])
  })
})
