// The foundation end to end, in-process (src/cli.ts run()) against a real emulator on 127.0.0.1 — output formats,
// pagination, `agentry api`, exit codes, retries, redaction and usage errors. The bin's own --help/--version fast
// path is test/e2e/help-version.test.ts.
import { createServer } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import type { Emulator } from '../../src/emulator/types.js'
import { runCommand } from '../helpers/run-command.js'
import { hook, emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { testAccount, testContext } from '../helpers/test-context.js'

let emu: Emulator
let env: Record<string, string>
const agentIds: string[] = []

const fx = emulatorFixture({ emulator: quietEmulator })
beforeAll(async () => {
  emu = fx.emu
  env = fx.env()
  const res = await fetch(`${emu.baseUrl}/${emu.accountId}/agents?limit=100`, {
    headers: { authorization: `Bearer ${emu.demoApiKey}` },
  })
  for (const a of ((await res.json()) as { data: { id: string }[] }).data) agentIds.push(a.id)
})

const cli = (args: string[], extra: Record<string, string | undefined> = {}, input?: string) =>
  runCommand(args, { env: { ...env, ...extra }, ...(input !== undefined ? { input } : {}) })

async function fault(rule: Record<string, unknown>) {
  const r = await hook(emu, 'POST', 'faults', rule)
  expect(r.ok).toBe(true)
}

describe('agents and skills', () => {
  it('prints TSV rows when piped, one per agent, nothing on stderr', async () => {
    const r = await cli(['agents', 'list', '--limit', '100'])
    expect(r.exitCode).toBe(0)
    expect(r.stderr).toBe('')
    const rows = r.stdout.trimEnd().split('\n')
    expect(rows.map((l) => l.split('\t')[0])).toEqual(agentIds)
    expect(rows.every((l) => l.split('\t').length === 4)).toBe(true)
  })

  it('follows every page with --all and prints the same items in json, ndjson and yaml', async () => {
    const json = await cli(['agents', 'list', '--all', '--limit', '2', '--json'])
    expect(json.exitCode).toBe(0)
    const list = JSON.parse(json.stdout) as { id: string }[]
    expect(list.map((a) => a.id)).toEqual(agentIds)
    const nd = await cli(['agents', 'list', '--all', '--limit', '2', '-o', 'ndjson'])
    expect(
      nd.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(list)
    const yaml = await cli(['agents', 'list', '--all', '--limit', '2', '-o', 'yaml'])
    expect(yaml.exitCode).toBe(0)
    expect(parseYaml(yaml.stdout)).toEqual(list)
  })

  it('gets one agent, its card and the skills', async () => {
    const id = agentIds[0]!
    const get = await cli(['agents', 'get', id, '--json'])
    expect(JSON.parse(get.stdout).id).toBe(id)
    const card = await cli(['agents', 'card', id, '--json'])
    expect(card.exitCode).toBe(0)
    expect(JSON.parse(card.stdout).url).toBe(`${emu.baseUrl}/agent/${id}/a2a`)
    const skills = await cli(['skills', 'list', '--json'])
    expect(skills.exitCode).toBe(0)
    expect(Array.isArray(JSON.parse(skills.stdout))).toBe(true)
  })

  it('gets one skill; an unknown one is exit 3 pointing at skills list; a dot segment is refused before sending', async () => {
    const get = await cli(['skills', 'get', 'markdown', '--json'])
    expect(get.exitCode).toBe(0)
    expect(JSON.parse(get.stdout)).toMatchObject({ id: 'markdown', name: 'Markdown answers' })
    const missing = await cli(['skills', 'get', 'no-such-skill'])
    expect(missing.exitCode).toBe(3)
    expect(missing.stderr).toMatch(/^error: GET .*skills\/no-such-skill: 404 /)
    expect(missing.stderr).toContain('`agentry skills list` shows them')
    const dots = await cli(['skills', 'get', '..'])
    expect(dots.exitCode).toBe(2)
    expect(dots.stderr).toMatch(/<skillId> has a "\.\." segment/)
  })

  it('says not found with exit 3 for an unknown agent', async () => {
    const r = await cli(['agents', 'get', 'no-such-agent'])
    expect(r.exitCode).toBe(3)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^error: GET .*no-such-agent: 404 /)
  })
})

describe('agentry api', () => {
  it('calls any path with {accountId} filled in', async () => {
    const r = await cli(['api', 'GET', '/{accountId}/agents?limit=1'])
    expect(r.exitCode).toBe(0)
    expect(JSON.parse(r.stdout).data).toHaveLength(1)
  })

  it('follows pages with --paginate', async () => {
    const r = await cli(['api', 'GET', '/{accountId}/agents?limit=2', '--paginate', '-o', 'ndjson'])
    expect(r.exitCode).toBe(0)
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(agentIds)
  })

  it('sends a body from stdin and refuses broken JSON before sending anything', async () => {
    const bad = await cli(['api', 'POST', '/{accountId}/webhooks', '--data', '-'], {}, '{"name": ')
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toMatch(/--data is not valid JSON/)
  })
})

describe('exit codes and errors', () => {
  it('exits 2 with a suggestion for a mistyped command, and for a bad flag value', async () => {
    const typo = await cli(['agnets', 'list'])
    expect(typo.exitCode).toBe(2)
    expect(typo.stderr).toMatch(/unknown command 'agnets'/)
    expect(typo.stderr).toMatch(/Did you mean agents\?/)
    const flag = await cli(['agents', 'list', '--limt', '3'])
    expect(flag.exitCode).toBe(2)
    expect(flag.stderr).toMatch(/--limit/)
    const value = await cli(['agents', 'list', '--limit', 'ten'])
    expect(value.exitCode).toBe(2)
    expect(value.stderr).toMatch(/--limit: ten must be a whole number from 1 to 100/)
    const output = await cli(['agents', 'list', '-o', 'xml'])
    expect(output.exitCode).toBe(2)
  })

  it('talks to the service itself when no base URL is set, and config list says it is the default', async () => {
    const t = testContext({ env: { AGENTRY_BASE_URL: undefined } })
    t.agent
      .get('https://brightsy.ai')
      .intercept({ path: `/api/v1beta/${testAccount}/agents?page=1&limit=1`, method: 'GET' })
      .reply(200, { data: [{ id: 'ag_1', name: 'Real' }], total: 1 })
    expect(await t.run(['agents', 'list', '--limit', '1', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject([{ id: 'ag_1', name: 'Real' }])
    const u = testContext({ env: { AGENTRY_BASE_URL: undefined } })
    expect(await u.run(['config', 'get', 'base-url', '--json'])).toBe(0)
    expect(JSON.parse(u.stdout())).toMatchObject({ value: 'https://brightsy.ai/api/v1beta', source: 'default' })
  })

  it('config list names the official variable a value came from (BRIGHTSY_ACCOUNT_ID, after AGENTRY_ACCOUNT)', async () => {
    const t = testContext({ env: { AGENTRY_ACCOUNT: undefined, BRIGHTSY_ACCOUNT_ID: 'acc_official' } })
    expect(await t.run(['config', 'list', '--json'])).toBe(0)
    const rows = JSON.parse(t.stdout()) as { key: string; value: unknown; source: string; origin: string }[]
    expect(rows.find((r) => r.key === 'account')).toEqual({
      key: 'account',
      value: 'acc_official',
      source: 'env',
      origin: 'BRIGHTSY_ACCOUNT_ID',
    })
  })

  it('exits 4 for a bad key, without printing it', async () => {
    const r = await cli(['agents', 'list'], { AGENTRY_API_KEY: 'agk_wrong_key_0000000000' })
    expect(r.exitCode).toBe(4)
    expect(r.stderr).not.toContain('agk_wrong_key_0000000000')
  })

  it('exits 8 when nothing listens, and writes errors as JSON with --error-format json', async () => {
    const port = await freePort()
    const r = await cli(['agents', 'list', '--retries', '0', '--error-format', 'json'], {
      AGENTRY_BASE_URL: `http://127.0.0.1:${port}/api/v1beta`,
    })
    expect(r.exitCode).toBe(8)
    const err = JSON.parse(r.stderr).error
    expect(err.kind).toBe('network')
    expect(err.message).toMatch(/ECONNREFUSED/)
  })

  it('retries a GET through a 503 storm with Retry-After, but gives up after --retries', async () => {
    await fault({
      match: { method: 'GET', path: `/api/v1beta/${emu.accountId}/agents` },
      count: 2,
      status: 503,
      retryAfter: 0,
    })
    const ok = await cli(['agents', 'list', '--json'])
    expect(ok.exitCode).toBe(0)
    expect(JSON.parse(ok.stdout).length).toBeGreaterThan(0)
    await fault({
      match: { method: 'GET', path: `/api/v1beta/${emu.accountId}/agents` },
      count: 3,
      status: 429,
      retryAfter: 0,
    })
    const limited = await cli(['agents', 'list', '--retries', '1'])
    expect(limited.exitCode).toBe(6)
    await hook(emu, 'POST', 'reset')
  })

  it('traces HTTP with --debug on stderr, the key redacted, stdout unchanged', async () => {
    const r = await cli(['agents', 'list', '--debug', '--limit', '1'])
    expect(r.exitCode).toBe(0)
    expect(r.stderr).toMatch(/> GET .*\/agents\?/)
    expect(r.stderr).toMatch(/authorization: Bearer \[REDACTED\]/)
    expect(r.stderr).toMatch(/< 200/)
    expect(r.stderr).not.toContain(emu.demoApiKey)
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1)
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}
