// `--jq <expression>` on every command that prints JSON (issue 22 item 9): real jq (jq-wasm), strings raw as gh's
// --jq prints them, a bad expression a usage error (exit 2) before anything is sent; and `scenario run` /
// `webhook test` print the run's output text alone when piped, the structured answer under --json.
import { describe, expect, it } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { testAccount, testContext } from '../helpers/test-context.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const run = async (argv: string[], opts: Parameters<typeof emulatorContext>[1] = {}) => {
  const t = emulatorContext(fx, opts)
  const code = await t.run(argv)
  return { code, out: t.stdout(), err: t.stderr() }
}

describe('--jq', () => {
  it('filters a list as one JSON array: strings raw, other values compact JSON, a line each', async () => {
    const ids = await run(['agents', 'list', '--jq', '.[].id'])
    expect(ids).toMatchObject({ code: 0, err: '' })
    expect(ids.out.split('\n')).toEqual(expect.arrayContaining(['demo-assistant', 'weather-bot']))
    const objects = await run([
      'agents',
      'list',
      '--jq',
      '.[] | select(.id == "weather-bot") | {id, n: (.tools | length)}',
    ])
    expect(objects.out).toBe('{"id":"weather-bot","n":1}\n')
    const count = await run(['cms', 'query', 'posts', '--limit', '3', '--jq', 'map(.data.title) | length'])
    expect(count.out).toBe('3\n')
  })

  it('works on items, on text, with --json and -o ndjson, and on a terminal (no colour, escapes shown)', async () => {
    expect((await run(['agents', 'get', 'demo-assistant', '--jq', '.model'])).out).toBe('emulator/scripted-1\n')
    expect((await run(['--json', 'agents', 'get', 'demo-assistant', '--jq', '.id'], { tty: true })).out).toBe(
      'demo-assistant\n',
    )
    expect((await run(['-o', 'ndjson', 'skills', 'list', '--jq', 'length > 0'])).out).toBe('true\n')
    const t = testContext({ tty: true })
    t.http.get(`/api/v1beta/${testAccount}/agents/ag_1`).reply(200, { id: 'ag_1', name: 'x\u001b]0;owned\u0007y' })
    expect(await t.run(['agents', 'get', 'ag_1', '--jq', '.name'])).toBe(0)
    expect(t.stdout()).not.toContain('\u001b')
    expect(t.stdout()).toContain('owned')
  })

  it('a2a send --jq filters the task the agent answered', async () => {
    const r = await run(['a2a', 'send', 'demo-assistant', '-m', 'hi there', '--jq', '.status.state'])
    expect(r).toMatchObject({ code: 0, out: 'completed\n', err: '' })
  })

  it('api --jq sees the whole answer, as gh api --jq does', async () => {
    const r = await run(['api', 'GET', '/{accountId}/agents', '--jq', '.data[0].id, .pagination.page'])
    expect(r).toMatchObject({ code: 0, out: 'demo-assistant\n1\n' })
  })

  it("a bad expression: exit 2 with jq's message, nothing sent; -o yaml with --jq: exit 2", async () => {
    // no HTTP stub: a request would end the run with another code
    const t = testContext()
    expect(await t.run(['agents', 'list', '--jq', '.['])).toBe(2)
    expect(t.stderr()).toMatch(/^error: --jq: syntax error, unexpected end of file/)
    expect(t.stdout()).toBe('')
    const u = testContext()
    expect(await u.run(['agents', 'list', '--jq', '.[] | nosuchfn'])).toBe(2)
    expect(u.stderr()).toMatch(/--jq: nosuchfn\/0 is not defined/)
    const y = testContext()
    expect(await y.run(['agents', 'list', '-o', 'yaml', '--jq', '.'])).toBe(2)
    expect(y.stderr()).toMatch(/--jq filters JSON: it cannot be used with --output yaml/)
  })

  it('a run-time error of jq is an error (exit 1) with its message; a command without JSON says --jq was not applied', async () => {
    const r = await run(['agents', 'list', '--jq', '.[0].name + 1'])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/--jq: string \("Demo Assis\.\.\.\) and number \(1\) cannot be added/)
    const v = await run(['completion', 'bash', '--jq', '.'])
    expect(v.err).toMatch(/warning: --jq was not applied/)
  })
})

describe('scenario run and webhook test: the output text alone when piped', () => {
  const secret = { AGENTRY_SCENARIO_SECRET: 'demo-summarize-secret' }
  it('scenario run: piped the answer only; --json the execution; on a terminal one line a member', async () => {
    const piped = await run(['scenario', 'run', 'scn_summarize', '--input', 'hello'], { env: secret })
    expect(piped.code, piped.err).toBe(0)
    const json = await run(['scenario', 'run', 'scn_summarize', '--input', 'hello', '--json'], { env: secret })
    const execution = JSON.parse(json.out)
    expect(execution).toMatchObject({ id: expect.stringMatching(/^exe_/), status: 'completed' })
    expect(piped.out.trimEnd()).toBe(execution.output.trimEnd())
    const tty = await run(['scenario', 'run', 'scn_summarize', '--input', 'hello'], { env: secret, tty: true })
    expect(tty.out).toMatch(/^id +exe_/m)
    expect(tty.out).toMatch(/^status +completed$/m)
    expect(tty.out).toMatch(/^output +\S/m)
  })

  it('webhook test: piped the answer only; the execution never a JSON string inside the key/value view', async () => {
    const piped = await run(['webhook', 'test', 'whk_orders'])
    expect(piped.code, piped.err).toBe(0)
    expect(piped.out).toMatch(/^You said: /)
    for (const argv of [['-o', 'tsv'], []]) {
      const view = await run(['webhook', 'test', 'whk_orders', ...argv], { tty: argv.length === 0 })
      expect(view.out).toMatch(/^delivered\s+true$/m)
      expect(view.out).toMatch(/^execution\.status\s+completed$/m)
      expect(view.out).not.toMatch(/^execution\s+\{/m)
      expect(view.out).not.toContain('\\\\"')
    }
    const json = JSON.parse((await run(['webhook', 'test', 'whk_orders', '--json'])).out)
    expect(json).toMatchObject({ delivered: true, execution: { status: 'completed' } })
    expect((await run(['webhook', 'test', 'whk_orders', '--jq', '.execution.status'])).out).toBe('completed\n')
  })
})
