// What the batch tests share, in-process (test/commands/batch-runs) and as a process (test/e2e/batch-runs): reading
// NDJSON results and JUnit, writing input files, the demo scenarios' secrets, the executions a test made, and the
// emulator put back as it was after each test.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterEach, expect } from 'vitest'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { clearFaults } from './emulator-faults.js'
import { type EmulatorFixture, hook } from './emulator.js'

/** The JSON values of an NDJSON text, one a line. */
export const ndjsonLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l))

/** The test suites of a JUnit file, checked as well-formed XML first. */
export const junitOf = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true)
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'testcase' })
  return doc.parse(xml).testsuites.testsuite
}

/** An input file of n distinct inputs (a tag makes this test's executions findable in the emulator). */
export async function inputFile(dir: string, tag: string, n: number, name = 'in.ndjson') {
  const file = join(dir, name)
  const body = Array.from({ length: n }, (_, i) => (i % 2 ? JSON.stringify({ input: `${tag} ${i}` }) : `"${tag} ${i}"`))
  await writeFile(file, `${body.join('\n')}\n`)
  return file
}

/** The fixture's batch helpers; its faults and latency are cleared after each test of the file. */
export function batchFixture(fx: EmulatorFixture) {
  const s = demoSecrets.scenarios
  afterEach(async () => {
    await clearFaults(fx.emu)
    await hook(fx.emu, 'POST', 'latency', { ms: 0 })
  })
  return {
    /** the fixture's environment with the demo secret of scenario `id` */
    scenarioEnv: (id: keyof typeof s) => ({ ...fx.env(), AGENTRY_SCENARIO_SECRET: s[id].secret }),
    /** the executions whose input carries `tag` */
    executionsTagged: (tag: string) =>
      [...fx.emu.state.executions.values()].filter((e) => typeof e.input === 'string' && e.input.startsWith(`${tag} `)),
  }
}
