// `cms import` reads its file line by line with memory flat; a line longer than the service's body limit (a file
// without newlines) is refused as soon as it is seen, instead of being held whole in memory.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { maxBodyBytes } from '../../src/io/arg-file.js'
import { testContext } from '../helpers/test-context.js'
import { tempDir } from '../helpers/temp-dir.js'

describe('cms import line limit', () => {
  it('refuses a line over 25 MiB with a usage error, before anything is sent', async () => {
    const file = join(tempDir(), 'one-line.ndjson')
    writeFileSync(file, `{"data":{"ok":1}}\n${'x'.repeat(maxBodyBytes + 1)}`)
    const t = testContext()
    expect(await t.run(['cms', 'import', 'posts', file])).toBe(2)
    expect(t.stderr()).toBe(`error: ${file}: a line is longer than 25 MiB (the service's body limit)\n`)
  })
})
