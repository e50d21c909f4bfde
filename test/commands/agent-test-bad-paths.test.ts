// Input that used to end as "This is a bug" (exit 1): a YAML alias bomb, and an output flag naming a folder. Both are
// usage errors (exit 2) with a message naming the problem, found before any request is sent.
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

const head = 'targets:\n  - agent: demo-assistant\ncases:\n'

describe('agentry test: usage errors, not bugs', () => {
  it('a YAML alias bomb (billion laughs) is refused with exit 2', async () => {
    const dir = tempDir()
    const file = join(dir, 'tests.yaml')
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]']
    for (let i = 1; i < 9; i++) {
      const p = String.fromCharCode(97 + i - 1)
      const n = String.fromCharCode(97 + i)
      levels.push(`${n}: &${n} [*${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}, *${p}]`)
    }
    await writeFile(file, `${levels.join('\n')}\n${head}  - description: a\n    message: hi\n`)
    const t = testContext()
    expect(await t.run(['test', file])).toBe(2)
    expect(t.stderr()).toContain(`${file}: too many YAML aliases`)
    expect(t.stderr()).not.toContain('This is a bug')
  })

  it.each(['--results', '--junit', '--report'])(
    '%s naming a folder is refused with exit 2, before any run',
    async (flag) => {
      const dir = tempDir()
      const file = join(dir, 'tests.yaml')
      await writeFile(file, `${head}  - description: a\n    message: hi\n`)
      const out = join(dir, 'out')
      await mkdir(out)
      const t = testContext()
      expect(await t.run(['test', file, flag, out])).toBe(2)
      expect(t.stderr()).toContain(`error: ${flag} ${out}: is a folder, not a file`)
      expect(t.stderr()).toContain(`hint: name a file in it, e.g. ${flag} ${join(out, 'x')}`)
      expect(t.stderr()).not.toContain('This is a bug')
      expect(await readdir(out)).toEqual([])
      expect((await readdir(dir)).sort()).toEqual(['out', 'tests.yaml'])
    },
  )
})

describe('agentry test: a regex RE2 cannot run', () => {
  it('a lookahead is refused when the file is loaded, exit 2, with the reason and a hint', async () => {
    const dir = tempDir()
    const file = join(dir, 'tests.yaml')
    await writeFile(
      file,
      `${head}  - description: a\n    message: hi\n    assert:\n      - type: regex\n        value: "a(?=b)"\n`,
    )
    const t = testContext()
    expect(await t.run(['test', file])).toBe(2)
    expect(t.stderr()).toContain(
      `${file}:8: cases[0].assert[0].value: a pattern the linear-time engine (RE2) cannot run`,
    )
    expect(t.stderr()).toContain('hint: lookahead, lookbehind and backreferences')
  })
})
