// `--data @file` and `--data -` are read up to the run's body limit (src/limits.ts, the service's 25 MiB; a Context's
// bodyLimit in tests, so that the test writes kilobytes): one byte more is a usage error naming the flag and the
// limit, and nothing is sent; a body as long as the limit is sent.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const limit = 4 * 1024
/** A record's JSON of exactly `bytes` bytes. */
const recordOf = (bytes: number) => {
  const json = `{"title":"${'x'.repeat(bytes - 12)}"}`
  expect(Buffer.byteLength(json)).toBe(bytes)
  return json
}
const requests = () => fx.emu.state.counters.get('requests') ?? 0

describe('--data and the body limit', () => {
  it.each([
    ['@file', (file: string) => `@${file}`, (file: string) => `--data @${file}: 5 KiB is over the 4 KiB limit`],
    ['- (stdin)', () => '-', () => '--data -: it is over the 4 KiB limit'],
  ])('refuses --data %s one byte over the limit: exit 2, nothing sent', async (_, arg, message) => {
    const file = join(tempDir(), 'record.json')
    const json = recordOf(limit + 1)
    writeFileSync(file, json)
    const t = emulatorContext(fx, { bodyLimit: limit, stdin: json })
    const before = requests()
    expect(await t.run(['cms', 'save', 'limit_over', '--data', arg(file)])).toBe(2)
    expect(t.stderr()).toBe(`error: ${message(file)}\nhint: give a smaller file\n`)
    expect(requests()).toBe(before)
  })

  it.each([
    ['@file', (file: string) => `@${file}`],
    ['- (stdin)', () => '-'],
  ])('sends --data %s as long as the limit', async (_, arg) => {
    const file = join(tempDir(), 'record.json')
    const json = recordOf(limit)
    writeFileSync(file, json)
    const t = emulatorContext(fx, { bodyLimit: limit, stdin: json })
    expect(await t.run(['cms', 'save', 'limit_at', '--data', arg(file)]), t.stderr()).toBe(0)
  })
})
