// `agentry __complete -- <words…>` (what the shell scripts call): commands, flags, declared choices, files, and ids
// from the service within about a second.
import { describe, expect, it } from 'vitest'
import { complete } from '../../src/commands/completion/complete.js'
import { type CommandNode, candidateLines } from '../../src/commands/completion/static.js'
import { sanitize } from '../../src/text/sanitize.js'
import { groups } from '../../src/commands/manifest.js'
import { testAccount, testContext } from '../helpers/test-context.js'

/**
 * A context whose ids may take as long as a loaded machine needs (AGENTRY_COMPLETION_IDS_MS, as the terminal tests
 * set it): the default's 1 s is what the last two tests of `__complete` are about; elsewhere it only raced the clock
 * (the first completion of ids loads the SDK's modules, over a second on a loaded machine).
 */
const patient = (env: Record<string, string | undefined> = {}) =>
  testContext({ env: { AGENTRY_COMPLETION_IDS_MS: '60000', ...env } })

async function candidates(words: string[], t = testContext()): Promise<string[]> {
  expect(await t.run(['__complete', '--', ...words])).toBe(0)
  return t.stdout().split('\n').filter(Boolean)
}

describe('__complete', () => {
  it('flags after a command, never the command again (`chat --<TAB>` was `chat chat`)', async () => {
    const c = await candidates(['chat', '--'])
    expect(c).toContain('--message')
    expect(c).not.toContain('chat')
  })
  it('-o offers formats, not subcommands; declared choices for --status, --cms, --access', async () => {
    expect(await candidates(['-o', ''])).toEqual(['table', 'json', 'ndjson', 'yaml', 'tsv', 'text'])
    expect(await candidates(['schedule', 'edit', 's1', '--status', ''])).toEqual(['active', 'inactive'])
    expect(await candidates(['keys', 'create', '--cms', 'r'])).toEqual(['read'])
    expect(await candidates(['cms', 'query', '--access', ''])).toEqual(['cda', 'cma'])
  })
  it('file names only where a path is taken', async () => {
    expect(await candidates(['files', 'upload', ''])).toEqual([':files'])
    expect(await candidates(['agents', 'list', '--page', ''])).toEqual([])
  })
  it('sees the declared commands: their flags, choices and path-taking values, never a hidden flag', async () => {
    expect(await candidates(['webhook', 'create', '--status', ''])).toEqual(['active', 'inactive'])
    expect(await candidates(['webhook', 'trigger', '--se'])).toEqual(['--secret-file'])
    expect(await candidates(['webhook', 'trigger', 'whk_1', '--batch', ''])).toEqual([':files'])
    expect(await candidates(['images', 'analyze', ''])).toEqual([':files'])
    expect(await candidates(['files', 'download', 'a.txt', '--out='])).toEqual([':files'])
    expect(await candidates(['schedule', 'create', '--ev'])).toEqual(['--every'])
    expect(await candidates(['pages', ''])).toEqual(['get', 'list'])
    expect(await candidates(['compl'])).toEqual(['completion'])
  })
  it('ids from the service', async () => {
    const t = patient()
    t.http.get(`/api/v1beta/${testAccount}/agents?page=1&limit=100`).reply(200, {
      data: [
        { id: 'ag_one', name: 'One' },
        { id: 'bg_two', name: 'Two' },
      ],
      pagination: { total: 2, page: 1, page_count: 1, page_size: 100 },
    })
    expect(await candidates(['agents', 'get', 'ag'], t)).toEqual(['ag_one'])
  })
  it('team slugs for teams switch, model ids for --model', async () => {
    const t = patient()
    t.http.get('/api/v1beta/accounts?page=1&limit=100').reply(200, {
      data: [
        { id: 'acc_1', slug: 'personal' },
        { id: 'acc_2', slug: 'platform' },
      ],
    })
    expect(await candidates(['teams', 'switch', 'p'], t)).toEqual(['personal', 'platform'])
    const m = patient()
    m.http.get(`/api/v1beta/${testAccount}/agents?include_models=true&limit=1`).reply(200, {
      data: [],
      models: [{ id: 'gpt-x' }, { id: 'claude-y' }],
    })
    expect(await candidates(['chat', '--model', 'c'], m)).toEqual(['claude-y'])
  })
  it('ids come from the profile the line names, not the default one (issue 22 item 15)', async () => {
    const t = patient({ AGENTRY_ACCOUNT: undefined })
    expect(await t.run(['config', 'set', 'account', testAccount])).toBe(0)
    expect(await t.run(['--profile', 'p2', 'config', 'set', 'account', 'acc_p2'])).toBe(0)
    t.clearOutput()
    t.http.get('/api/v1beta/acc_p2/agents?page=1&limit=100').reply(200, {
      data: [{ id: 'ag_of_p2', name: 'P2' }],
      pagination: { total: 1, page: 1, page_count: 1, page_size: 100 },
    })
    expect(await candidates(['--profile', 'p2', 'agents', 'get', ''], t)).toEqual(['ag_of_p2'])
    t.clearOutput()
    t.http.get('/api/v1beta/acc_eq/agents?page=1&limit=100').reply(200, {
      data: [{ id: 'ag_of_eq', name: 'Eq' }],
      pagination: { total: 1, page: 1, page_count: 1, page_size: 100 },
    })
    expect(await candidates(['--account=acc_eq', 'agents', 'get', ''], t)).toEqual(['ag_of_eq'])
  })
  it('AGENTRY_COMPLETION_IDS_MS sets how long ids may take (the terminal tests give them longer)', async () => {
    const reply = (t: ReturnType<typeof testContext>) =>
      t.http
        .get(`/api/v1beta/${testAccount}/agents?page=1&limit=100`)
        .reply(200, { data: [{ id: 'ag_late' }], pagination: { total: 1, page: 1, page_count: 1, page_size: 100 } })
        .delay(200)
    const short = testContext({ env: { AGENTRY_COMPLETION_IDS_MS: '1' } })
    reply(short)
    expect(await candidates(['agents', 'get', ''], short)).toEqual([])
    const usual = testContext()
    reply(usual)
    expect(await candidates(['agents', 'get', ''], usual)).toEqual(['ag_late'])
  })
  it('a slow service gives no ids after about a second, never a blocked prompt', async () => {
    const t = testContext()
    t.http
      .get(`/api/v1beta/${testAccount}/agents?page=1&limit=100`)
      .reply(200, { data: [{ id: 'late' }] })
      .delay(5000)
    const started = Date.now()
    expect(await candidates(['agents', 'get', ''], t)).toEqual([])
    expect(Date.now() - started).toBeLessThan(3000)
  })
})

describe('the completion table made at build time (dist/complete.cjs, what bin/agentry.cjs answers a TAB from)', () => {
  it('answers every command, flag, choice and file word as the CLI does, and leaves ids and profiles to it', async () => {
    // @ts-expect-error dist/ is built by vitest's globalSetup (test/helpers/global-build.ts); it has no type declarations
    const built = (await import('../../dist/complete.cjs')) as { complete: (words: string[]) => string | undefined }
    const t = testContext()
    const { buildProgram, commandTree } = await import('../../src/cli.js')
    // the words, each with the group whose program `__complete` builds for it (none: the root's words)
    const cases: { words: string[]; group?: string }[] = [
      [''],
      ['-'],
      ['--'],
      ['a'],
      ['-o', ''],
      ['--output=n'],
      ['--profile', ''],
      ['help', ''],
    ].map((words) => ({ words }))
    /** Each group's tree as `__complete` sees it for that group's words (the program built with the group loaded). */
    const trees = new Map<string, CommandNode>()
    for (const g of groups) {
      const program = await buildProgram(t.ctx, [g.name])
      trees.set(g.name, commandTree(program))
      const walk = (node: CommandNode, path: string[]) => {
        const words = [
          [...path, ''],
          [...path, '--'],
          [...path, '-'],
          [...path, 'x', ''],
        ]
        for (const o of node.options.filter((o) => o.long))
          words.push([...path, o.long!, ''], [...path, `${o.long}=`], [...path, 'x', o.long!, ''])
        cases.push(...words.map((w) => ({ words: w, group: g.name })))
        for (const c of node.commands) walk(c, [...path, c.name])
      }
      walk(commandTree(program.commands.find((c) => c.name() === g.name)!), [g.name])
    }
    // The whole command (`agentry __complete -- …`, its arguments read by commander) answers the root's words and the
    // first group's, which have every shape of word there is; every other group's words are answered by what the
    // command runs on them (complete, candidateLines) over that group's program, built once instead of once a word.
    const first = groups[0]!.name
    let answered = 0
    let whole = 0
    for (const { words: w, group } of cases) {
      const fast = built.complete(w)
      if (fast === undefined) continue
      answered++
      let out: string
      if (group === undefined || group === first) {
        whole++
        const cli = testContext()
        expect(await cli.run(['__complete', '--', ...w])).toBe(0)
        out = cli.stdout()
      } else out = candidateLines(await complete(trees.get(group)!, w, t.ctx), (c) => sanitize(c))
      expect({ words: w, out: fast }).toEqual({ words: w, out })
    }
    expect(whole).toBeGreaterThan(20)
    expect(answered).toBeGreaterThan(800)
    expect(built.complete(['agents', 'get', ''])).toBeUndefined() // ids: the service
    expect(built.complete(['--profile', ''])).toBeUndefined() // the saved profiles
  })
})
