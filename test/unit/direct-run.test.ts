// The direct run (src/direct-run.ts) reads plain command lines without commander. Whatever line it takes, it must
// read as commander does (the same options for the preAction hook, the same input or the same usage error for
// run()); every line commander refuses or answers with help, it must leave to commander. Checked on random lines
// drawn from the words of a declared command, the global flags and the usual mistakes.
import { Command, CommanderError } from 'commander'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arg, defineCommand, defineGroup } from '../../src/commands/define.js'
import type { GroupSpec } from '../../src/commands/manifest.js'
import { choice, custom, decimal, flag, int, list, text } from '../../src/commands/options.js'
import { registerCommand } from '../../src/commands/register.js'
import { globalFlags } from '../../src/config/global-flags.js'
import type { Context } from '../../src/context.js'
import { directLine, runInput } from '../../src/direct-run.js'
import { UsageError } from '../../src/errors.js'

const make = defineCommand({
  path: ['things', 'make'],
  aliases: ['mk'],
  summary: 'make a thing',
  args: { name: arg('<name>', 'its name'), extra: arg('[extra...]', 'more words') },
  options: {
    count: int('--count <n>', 'how many', { min: 1, max: 5, default: 1 }),
    page: int('--page <n>', 'page', { min: 1 }),
    all: { ...flag('--all', 'every one'), conflicts: ['page'] },
    stream: flag('--no-stream', 'all at once'),
    yes: flag('-y, --yes', 'no questions'),
    tag: list('--tag <t>', 'a tag; repeatable', { nonEmpty: true }),
    mode: choice('--mode <m>', 'a mode', ['fast', 'slow']),
    note: text('-n, --note <text>', 'a note', { nonEmpty: true }),
    wait: decimal('--wait <seconds>', 'wait', { above: 0, max: 60, unit: 'seconds', default: 2 }),
    out: custom('--out <file>', 'write here', (v) => v),
  },
  run: () => {},
})
const show = defineCommand({
  path: ['things', 'show'],
  summary: 'show one',
  args: { id: arg('<id>', 'the id') },
  run: () => {},
})
const things = defineGroup({ path: ['things'], aliases: ['thing'], summary: 'things', commands: [make, show] })
const version = defineCommand({ path: ['version'], summary: 'the version', run: () => {} })
const declared: GroupSpec[] = [
  { name: 'things', aliases: ['thing'], summary: 'things', load: async () => ({ default: things }) },
  { name: 'version', summary: 'the version', load: async () => ({ default: version }) },
]

type Outcome = { globals: Record<string, unknown>; input: Record<string, unknown> } | { usage: string } | 'refused'

/** What commander makes of argv: the hook's options and run()'s input, a usage error of an option's kind, or a refusal (help, version, its own usage errors). */
async function byCommander(argv: string[]): Promise<Outcome> {
  const program = new Command('agentry').exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} })
  program.version('1.0.0', '-V, --version', 'print the version')
  for (const f of Object.values(globalFlags)) {
    const o = program.createOption(f.flags, f.help)
    if ('choices' in f) o.choices(f.choices)
    program.addOption(o)
  }
  let globals: Record<string, unknown> = {}
  program.hook('preAction', (_p, action) => {
    globals = action.optsWithGlobals()
  })
  let input: Record<string, unknown> = {}
  const capture = (def: typeof make | typeof show | typeof version) => ({
    ...def,
    run: (o: never) => {
      input = o
    },
  })
  registerCommand(program, {} as Context, { ...things, commands: [capture(make), capture(show)] })
  registerCommand(program, {} as Context, capture(version))
  const quiet = (c: Command) => {
    c.exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} })
    c.commands.forEach(quiet)
  }
  quiet(program)
  try {
    await program.parseAsync(argv, { from: 'user' })
    return { globals, input }
  } catch (err) {
    if (err instanceof UsageError) return { usage: err.message }
    if (err instanceof CommanderError) return 'refused'
    throw err
  }
}

/** What the direct run makes of argv, or undefined when it leaves the line to commander. */
async function direct(argv: string[]): Promise<Outcome | undefined> {
  const line = await directLine(argv, declared)
  if (line === undefined) return undefined
  try {
    return { globals: line.globals as Record<string, unknown>, input: runInput(line) }
  } catch (err) {
    if (err instanceof UsageError) return { usage: err.message }
    throw err
  }
}

const words = [
  ...['things', 'thing', 'make', 'mk', 'show', 'version', 'help', 'nosuch', 'x', 'y', '-', '', '-5', '0'],
  ...['--count', '2', '9', '--page', '1', '--all', '--no-stream', '--stream', '-y', '--yes', '--tag', 'a', ' '],
  ...['--mode', 'fast', 'medium', '-n', '--note', '--wait', '0.5', '--out', 'f', '--count=3', '--all=1', '-yn'],
  ...['--json', '-o', 'json', '--output=yaml', '--profile', 'p', '-q', '--no-color', '--error-format', 'text'],
  ...['--error-format=xml', '--jq', '.a', '--', '-h', '--help', '-V', '--bogus', '--emulator', '--timeout'],
]

/** A command's words (or a near miss), then random words: most lines name a command, many are plain. */
const lines = fc
  .tuple(
    fc.array(fc.constantFrom(...words), { maxLength: 2 }),
    fc.constantFrom(
      ['things', 'make', 'x'],
      ['thing', 'mk', 'x', 'y'],
      ['things', 'show', 'id'],
      ['version'],
      ['things', 'make'],
      ['things'],
    ),
    fc.array(fc.constantFrom(...words), { maxLength: 6 }),
  )
  .map(([before, path, after]) => [...before, ...path, ...after])

describe('the direct run', () => {
  it('reads a plain line as commander does, and leaves every other line to commander', async () => {
    let taken = 0
    await fc.assert(
      fc.asyncProperty(lines, async (argv) => {
        const mine = await direct(argv)
        if (mine === undefined) return
        taken++
        expect(mine, argv.join(' ')).toEqual(await byCommander(argv))
      }),
      { numRuns: 3000 },
    )
    // the property means something only if many lines are taken
    expect(taken).toBeGreaterThan(100)
  })

  it('takes the usual lines, and leaves help, version, `--` and unknown words to commander', async () => {
    for (const argv of [
      ['things', 'make', 'x', '--count', '2', '--json'],
      ['--profile', 'p', 'thing', 'mk', 'x', 'y', '--tag', 'a', '--tag', 'b', '-q'],
      ['things', 'show', 'id_1', '-o', 'json', '--no-color', '--note=hi'.replace('note', 'jq')],
      ['version'],
    ])
      expect(await direct(argv), argv.join(' ')).toEqual(await byCommander(argv))
    for (const argv of [
      ['things', 'make', 'x', '--help'],
      ['things', 'make', '--', 'x'],
      ['help', 'things'],
      ['things'],
      ['things', 'nosuch'],
      ['things', 'show'],
      ['things', 'show', 'a', 'b'],
      ['things', 'make', 'x', '--page', '2', '--all'],
      ['things', 'make', 'x', '--mode', 'medium'],
      ['things', 'make', 'x', '-yn', 'note'],
      ['things', 'make', 'x', '--count', '-5'],
      ['--error-format', 'xml', 'version'],
      ['version', '--bogus'],
    ])
      expect(await direct(argv), argv.join(' ')).toBeUndefined()
  })
})
