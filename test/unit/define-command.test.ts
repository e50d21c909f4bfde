// defineCommand (src/commands/define.ts) and the option kinds (src/commands/options.ts): a declared command becomes
// a commander command whose run() gets typed, parsed arguments and options; bad values are usage errors naming the
// flag and the allowed range, before run() is called.
import { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import type { Context } from '../../src/context.js'
import { UsageError } from '../../src/errors.js'
import { arg, defineCommand, defineGroup } from '../../src/commands/define.js'
import { registerCommand } from '../../src/commands/register.js'
import { choice, custom, decimal, flag, int, list, port, required, text } from '../../src/commands/options.js'
import { parseWholeNumber } from '../../src/text/whole-number.js'
import { nonEmpty } from '../../src/commands/non-empty.js'

const ctx = {} as Context

/** Parses argv with one declared command under a group, returning what run() got. */
async function parse(argv: string[]): Promise<Record<string, unknown>> {
  let got: Record<string, unknown> = {}
  const cmd = defineCommand({
    path: ['things', 'make'],
    aliases: ['mk'],
    summary: 'make a thing',
    args: { name: arg('<name>', 'its name'), extra: arg('[extra...]', 'more words') },
    options: {
      count: int('--count <n>', 'how many', { min: 1, max: 5, default: 1 }),
      page: int('--page <n>', 'page', { min: 1 }),
      all: flag('--all', 'every one'),
      stream: flag('--no-stream', 'all at once'),
      tag: list('--tag <t>', 'a tag; repeatable', { nonEmpty: true }),
      mode: choice('--mode <m>', 'a mode', ['fast', 'slow']),
      note: text('--note <text>', 'a note', { nonEmpty: true }),
      out: custom('--out <file>', 'write here', nonEmpty('give a path')),
      listen: port('--listen <n>', 'listen here'),
      wait: decimal('--wait <seconds>', 'wait', { above: 0, max: 60, unit: 'seconds', default: 2 }),
      when: custom('--when <date>', 'a date', (v, flag) => {
        if (Number.isNaN(Date.parse(v))) throw new UsageError(`${flag}: ${v} is not a date`)
        return new Date(v).toISOString()
      }),
    },
    examples: ['agentry things make x --count 2'],
    run: (opts) => {
      got = opts
    },
  })
  const program = new Command('agentry').exitOverride()
  registerCommand(program, ctx, defineGroup({ path: ['things'], summary: 'things', commands: [cmd] }))
  for (const c of program.commands) for (const s of c.exitOverride().commands) s.exitOverride()
  await program.parseAsync(argv, { from: 'user' })
  return got
}

describe('defineCommand', () => {
  it('gives run() the arguments and options by name, parsed, with defaults', async () => {
    expect(await parse(['things', 'make', 'x'])).toEqual({
      name: 'x',
      extra: [],
      count: 1,
      page: undefined,
      all: false,
      stream: true,
      tag: [],
      mode: undefined,
      note: undefined,
      wait: 2,
      when: undefined,
    })
    const got = await parse(
      ['things', 'mk', 'x', 'y', 'z', '--count', '5', '--all', '--no-stream', '--tag', 'a', '--tag', 'b'].concat([
        '--mode',
        'slow',
        '--note',
        'hi',
        '--wait',
        '0.5',
        '--when',
        '2030-01-02',
        '--page',
        '12',
      ]),
    )
    expect(got).toEqual({
      name: 'x',
      extra: ['y', 'z'],
      count: 5,
      page: 12,
      all: true,
      stream: false,
      tag: ['a', 'b'],
      mode: 'slow',
      note: 'hi',
      wait: 0.5,
      when: '2030-01-02T00:00:00.000Z',
    })
  })

  it.each([
    [['--count', '6'], /^--count: 6 must be a whole number from 1 to 5$/],
    [['--count', '0'], /^--count: 0 must be a whole number from 1 to 5$/],
    [['--count', '2.5'], /--count: 2.5 must be a whole number/],
    [['--count', '-1'], /--count: -1 must be a whole number/],
    [['--page', '1e3'], /^--page: 1e3 must be a whole number from 1 up$/],
    [['--tag', ' '], /^--tag: give a value$/],
    [['--note', ''], /^--note: give a value$/],
    [['--note', '   '], /^--note: give a value$/],
    [['--out', ' '], /^--out: give a path$/],
    [['--listen', '65536'], /^--listen: 65536 must be a whole number from 0 to 65535$/],
    [['--wait', '0'], /^--wait: 0 must be a number of seconds above 0, at most 60$/],
    [['--wait', 'soon'], /--wait: soon must be a number of seconds/],
    [['--when', 'someday'], /^--when: someday is not a date$/],
  ])('refuses %j as a usage error naming the flag', async (extra, message) => {
    const p = parse(['things', 'make', 'x', ...extra])
    await expect(p).rejects.toThrow(UsageError)
    await expect(parse(['things', 'make', 'x', ...extra])).rejects.toThrow(message)
  })

  it('leaves a choice outside the list to commander (exit 2 with the choices)', async () => {
    await expect(parse(['things', 'make', 'x', '--mode', 'medium'])).rejects.toThrow(/Allowed choices are fast, slow/)
  })

  it('shows the examples in --help', () => {
    const program = new Command('agentry')
    const cmd = registerCommand(
      program,
      ctx,
      defineCommand({ path: ['hello'], summary: 'say hello', examples: ['agentry hello'], run: () => {} }),
    )
    expect(cmd.helpInformation() + '').toContain('say hello')
    let help = ''
    cmd.configureOutput({ writeOut: (s) => (help += s) }).outputHelp()
    expect(help).toContain('Examples:\n  agentry hello\n')
  })
})

describe('parseWholeNumber', () => {
  it.each([
    ['0', { min: 0 }, 0],
    ['100', { min: 1, max: 100 }, 100],
    ['7', { min: 1 }, 7],
  ])('reads %j in %j', (text, range, n) => expect(parseWholeNumber(text, range)).toBe(n))
  it.each(['', ' 7 ', ' 5', '+1', '0x10', '1e2', '1.0', '101', '99999999999999999999'])('refuses %j', (text) =>
    expect(parseWholeNumber(text, { min: 1, max: 100 })).toEqual({ problem: 'must be a whole number from 1 to 100' }),
  )
})

describe('required()', () => {
  it('makes commander refuse the command line without the option, and types the value as given', async () => {
    let got: string | undefined
    const program = new Command('agentry').exitOverride()
    const cmd = registerCommand(
      program,
      ctx,
      defineCommand({
        path: ['greet'],
        summary: 'greet',
        options: { name: required(text('--name <name>', 'who', { nonEmpty: true })) },
        run: (opts) => {
          const name: string = opts.name // a string, never undefined
          got = name
        },
      }),
    )
    cmd.exitOverride().configureOutput({ writeErr: () => {} })
    await expect(program.parseAsync(['greet'], { from: 'user' })).rejects.toThrow(/required option '--name <name>'/)
    await program.parseAsync(['greet', '--name', 'Ada'], { from: 'user' })
    expect(got).toBe('Ada')
  })
})
