// The regression gate of `agentry test` (issue 31 item 7), in-process against the emulator: `--compare <earlier
// results> --fail-on regressions` exits non-zero only for a case × target that passed before and fails now (a case
// failing on both sides, or a new failing case, exits 0), runs with no answer in a regressed cell give their own exit
// code, and `--summary-md` writes the pull-request comment: regressions first, then fixes, new and removed cells
// (a cell --filter left out is not "removed"), and each target's latency and tokens before and now.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const env = { GITHUB_ACTIONS: undefined, GITHUB_STEP_SUMMARY: undefined }

/** A test file of cases that pass ("You said" is in the demo assistant's echo) or fail ("nope" is not). */
async function testFile(dir: string, targets: string[] = ['demo-assistant']): Promise<string> {
  const file = join(dir, 'gate.yaml')
  const kase = (d: string, pass: boolean, tags = '[gate]') =>
    `  - description: ${d}\n    tags: ${tags}\n    message: ping ${d}\n    assert:\n      - type: contains\n        value: "${pass ? 'You said' : 'nope'}"\n`
  await writeFile(
    file,
    `targets:\n${targets.map((t) => `  - agent: ${t}\n`).join('')}cases:\n${kase('still passes', true)}${kase('regresses', false)}${kase('still fails', false)}${kase('gets fixed', true)}${kase('brand new', false)}${kase('left out by the filter', true, '[slow]')}`,
  )
  return file
}

/** An earlier --results file: one line per [case, pass, latencyMs, tokens], on demo-assistant unless named. */
async function earlier(dir: string, lines: [string, boolean, number?, number?, string?][]): Promise<string> {
  const path = join(dir, 'before.ndjson')
  const line = ([c, pass, latencyMs = 100, tokens = 20, target = 'demo-assistant']: (typeof lines)[number]) =>
    JSON.stringify({ case: c, description: c, target, repeat: 0, pass, latencyMs, usage: { total_tokens: tokens } })
  await writeFile(path, `${lines.map(line).join('\n')}\n`)
  return path
}

describe('agentry test --compare --fail-on regressions --summary-md', () => {
  it('fails on a case that passed before and fails now, and writes the comment: regressions first', async () => {
    const dir = tempDir()
    const file = await testFile(dir)
    const before = await earlier(dir, [
      ['still passes', true, 50, 10],
      ['regresses', true, 50, 10],
      ['still fails', false],
      ['gets fixed', false],
      ['gone from the file', true],
      ['left out by the filter', true],
    ])
    const comment = join(dir, 'comment.md')
    const t = emulatorContext(fx, { env })
    const args = ['test', file, '--filter', 'gate', '--compare', before, '--fail-on', 'regressions']
    expect(await t.run([...args, '--summary-md', comment])).toBe(10)
    const err = t.stderr()
    expect(err).toContain('regressed: regresses on demo-assistant (passed → failed)')
    expect(err).toContain('fixed: gets fixed on demo-assistant (failed → passed)')
    expect(err).toContain(`since ${before}: 2 verdicts changed (1 regressed, 1 fixed), 1 new, 1 removed`)
    expect(err).toContain(`1 of 5 cells regressed since ${before}`)
    const md = readFileSync(comment, 'utf8')
    expect(md).toContain(
      // markup characters escaped, the path not in a code span (where an escape would show)
      `**Since ${before.replace(/[\\_]/g, (c) => `\\${c}`)}: `,
    )
    expect(md).toContain('1 regression, 1 fixed, 1 new, 1 removed**')
    const at = (s: string) => {
      const i = md.indexOf(s)
      expect(i, s).toBeGreaterThan(-1)
      return i
    }
    // regressions, then fixes, new, removed, the latency and tokens, and last the failing cells
    const order = [
      '#### Regressions',
      '| regresses | demo-assistant | passed | **failed** |',
      '#### Fixed',
      '| gets fixed | demo-assistant | failed | passed |',
      '#### New',
      '| brand new | demo-assistant | FAIL |',
      '#### Removed',
      '| gone from the file | demo-assistant | passed |',
      '#### Latency and tokens',
      '#### Failing now (3)',
    ].map(at)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    // the case --filter left out is still in the file: not removed
    expect(md).not.toContain('left out by the filter')
    // the demo assistant answers in a few ms with usage: the row compares the 4 cells both runs have
    expect(md).toMatch(/\| demo-assistant \| 4 \| 2 → 2 \| 75 → \d+ ms \([+−±]\d+.*\) \| 15 → \d+ tokens \([+−±]\d+/)
  })

  it('exits 0 when the failing cases failed before too or are new, where without the gate it exits 10', async () => {
    const dir = tempDir()
    const file = await testFile(dir)
    const before = await earlier(dir, [
      ['still passes', true],
      ['regresses', false],
      ['still fails', false],
    ])
    const gated = emulatorContext(fx, { env })
    expect(await gated.run(['test', file, '--compare', before, '--fail-on', 'regressions'])).toBe(0)
    expect(gated.stderr()).toContain(
      `3 cells fail, none of them regressed since ${before}: exit 0 (--fail-on regressions)`,
    )
    expect(await emulatorContext(fx, { env }).run(['test', file, '--compare', before])).toBe(10)
    expect(await emulatorContext(fx, { env }).run(['test', file, '--compare', before, '--fail-on', 'failures'])).toBe(
      10,
    )
  })

  it('a regressed cell whose runs got no answer exits with their code; errors in cells that failed before do not', async () => {
    const dir = tempDir()
    const file = await testFile(dir, ['demo-assistant', 'no-such-agent'])
    const failedBefore = await earlier(dir, [
      ['still passes', true],
      ['still passes', false, 1, 1, 'no-such-agent'],
    ])
    const t = emulatorContext(fx, { env })
    expect(
      await t.run(['test', file, '--filter', 'passes', '--compare', failedBefore, '--fail-on', 'regressions']),
    ).toBe(0)
    const passedBefore = await earlier(dir, [
      ['still passes', true],
      ['still passes', true, 1, 1, 'no-such-agent'],
    ])
    const u = emulatorContext(fx, { env })
    const code = await u.run([
      'test',
      file,
      '--filter',
      'passes',
      '--compare',
      passedBefore,
      '--fail-on',
      'regressions',
    ])
    expect(code).not.toBe(0)
    expect(code).not.toBe(10)
    expect(u.stderr()).toContain(`1 cell regressed since ${passedBefore}; 1 of its runs got no answer`)
  })

  it('--fail-on regressions without --compare is a usage error before any request; --summary-md alone lists the failures', async () => {
    const dir = tempDir()
    const file = await testFile(dir)
    const t = emulatorContext(fx, { env })
    expect(await t.run(['test', file, '--fail-on', 'regressions'])).toBe(2)
    expect(t.stderr()).toContain('--fail-on regressions needs --compare <results>')
    const comment = join(dir, 'comment.md')
    expect(await emulatorContext(fx, { env }).run(['test', file, '--summary-md', comment])).toBe(10)
    const md = readFileSync(comment, 'utf8')
    expect(md).toContain('| regresses | demo-assistant | contains\\: ')
    expect(md).not.toContain('Regressions')
    // a folder is refused before any request, like the other output files
    const u = emulatorContext(fx, { env })
    expect(await u.run(['test', file, '--summary-md', dir])).toBe(2)
    expect(u.stderr()).toContain(`--summary-md ${dir}: is a folder, not a file`)
  })
})
