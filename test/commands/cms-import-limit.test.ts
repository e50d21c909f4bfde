// `cms import` reads its file line by line with memory flat; a line longer than the service's body limit (a file
// without newlines) is refused as soon as it is seen, instead of being held whole in memory. The limit is injected
// (a Context's bodyLimit) so that the test writes kilobytes; the default is the service's 25 MiB.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { maxBodyBytes } from '../../src/limits.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { testContext } from '../helpers/test-context.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture()
const limit = 4 * 1024

describe('cms import line limit', () => {
  it.each([
    ['a file', 'from_file', (file: string) => file, (file: string) => file],
    ['stdin', 'from_stdin', () => '-', () => 'stdin'],
  ])(
    'refuses a line over the limit read from %s, with a usage error, before anything is sent',
    async (_, collection, arg, label) => {
      const file = join(tempDir(), 'one-line.ndjson')
      const text = `${'x'.repeat(limit + 1)}\n{"data":{"ok":1}}\n`
      writeFileSync(file, text)
      const t = emulatorContext(fx, { bodyLimit: limit, stdin: text })
      expect(await t.run(['cms', 'import', collection, arg(file)])).toBe(2)
      expect(t.stderr()).toBe(`error: ${label(file)}: a line is longer than 4 KiB (the service's body limit)\n`)
      expect(fx.emu.state.cms.has(collection)).toBe(false)
    },
  )

  it('takes a line as long as the limit', async () => {
    const file = join(tempDir(), 'one-line.ndjson')
    const line = `{"data":{"s":"${'x'.repeat(limit - 17)}"}}`
    expect(Buffer.byteLength(line)).toBe(limit)
    writeFileSync(file, `${line}\n`)
    const t = emulatorContext(fx, { bodyLimit: limit })
    expect(await t.run(['cms', 'import', 'at_limit', file])).toBe(0)
    expect(fx.emu.state.cms.get('at_limit')?.size).toBe(1)
  })

  it("is the service's 25 MiB unless injected", () => {
    expect(maxBodyBytes).toBe(25 * 1024 * 1024)
    expect(testContext().ctx.bodyLimit()).toBe(maxBodyBytes)
  })
})
