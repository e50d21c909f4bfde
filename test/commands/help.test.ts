// Every command documents itself: `--help` works in-process for every command and subcommand and ends with
// examples; and the help text made at build time (dist/help.cjs) is exactly what commander prints.
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { buildProgram } from '../../src/cli.js'
import { groups } from '../../src/commands/manifest.js'
import { testContext } from '../helpers/test-context.js'

async function commandPaths(): Promise<string[][]> {
  const paths: string[][] = []
  const walk = (cmd: Command, prefix: string[]) => {
    for (const c of cmd.commands) {
      if (c.name() === 'help' || c.name().startsWith('__')) continue
      const path = [...prefix, c.name()]
      paths.push(path)
      walk(c, path)
    }
  }
  for (const g of groups.filter((g) => !g.hidden)) {
    const t = testContext()
    const program = await buildProgram(t.ctx, [g.name])
    const cmd = program.commands.find((c) => c.name() === g.name)!
    paths.push([g.name])
    walk(cmd, [g.name])
  }
  return paths
}

describe('help', () => {
  it('every command and subcommand has --help with examples, exit 0', async () => {
    const paths = await commandPaths()
    expect(paths.length).toBeGreaterThan(60)
    const missing: string[] = []
    for (const path of paths) {
      const t = testContext()
      const code = await t.run([...path, '--help'])
      expect(code, path.join(' ')).toBe(0)
      if (!/\nExamples:\n( {2}[^\n]+\n)+/.exec(t.stdout())?.[0].includes('agentry') && !hasSubcommands(t.stdout()))
        missing.push(path.join(' '))
    }
    expect(missing).toEqual([])
  })

  it('the build-time help text is what commander prints, piped and on a wide terminal', async () => {
    // @ts-expect-error dist/ is built by vitest's globalSetup (test/helpers/global-build.ts); it has no type declarations
    const built = (await import('../../dist/help.cjs')) as { narrow: string; wide: string; widest: number }
    for (const [width, text] of [
      [80, built.narrow],
      [built.widest, built.wide],
    ] as const) {
      const t = testContext()
      const program = await buildProgram(t.ctx, ['--help'])
      let out = ''
      program.configureOutput({ writeOut: (s) => (out += s), getOutHelpWidth: () => width })
      program.outputHelp()
      expect(text).toBe(out)
    }
  })
})

function hasSubcommands(help: string): boolean {
  return /\nCommands:\n/.test(help)
}
