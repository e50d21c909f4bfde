// Conflicting list flags are a usage error on every list (issue 22 item 2): `--all` starts from page 1, so
// `agents list --all --page 2` printed "no agents on page 2 of 1" with exit 0.
import type { Command } from 'commander'
import { expect, it } from 'vitest'
import { buildProgram } from '../../src/cli.js'
import { groups } from '../../src/commands/manifest.js'
import { testContext } from '../helpers/test-context.js'

/** Every command path that has both --all and --page. */
async function pagedLists(): Promise<string[][]> {
  const paths: string[][] = []
  const walk = (cmd: Command, prefix: string[]) => {
    for (const c of cmd.commands) {
      const path = [...prefix, c.name()]
      const longs = c.options.map((o) => o.long)
      if (longs.includes('--all') && longs.includes('--page')) paths.push(path)
      walk(c, path)
    }
  }
  for (const g of groups) {
    const program = await buildProgram(testContext().ctx, [g.name])
    walk(program, [])
  }
  return paths
}

it('--all with --page is refused (exit 2, nothing sent) by every list that has both', async () => {
  const lists = await pagedLists()
  expect(lists.map((p) => p.join(' '))).toEqual(expect.arrayContaining(['agents list', 'cms query', 'schedule list']))
  for (const path of lists) {
    // no HTTP stub: a request would fail the run with another exit code
    const t = testContext({ tty: true })
    expect(await t.run([...path, '--all', '--page', '2']), path.join(' ')).toBe(2)
    expect(t.stderr()).toMatch(/option '--all' cannot be used with option '--page <n>'/)
    expect(t.stdout()).toBe('')
  }
})
