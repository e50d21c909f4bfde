// The HTTP core under injected faults, end to end (issue 7 item 3): the built CLI against the real emulator. A reset
// or stall in the middle of a JSON body is retried on a GET and, when retries run out, is exit 8 or 124 naming the
// method and URL; a POST whose answer was lost says so; a 2xx that is not JSON is exit 7; a failed --json list leaves
// stdout empty; a file named by a flag is read with a limit.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { clearFaults, injectFault } from '../helpers/emulator-faults.js'

const fx = emulatorFixture({ emulator: { tokenDelayMs: 0, scheduler: false } })
const cli = (args: string[], extra: Record<string, string> = {}) => runCommand(args, { env: { ...fx.env(), ...extra } })
const agentsPath = () => `/api/v1beta/${fx.emu.accountId}/agents`
const webhooksPath = () => `/api/v1beta/${fx.emu.accountId}/webhooks`

describe('a connection that breaks mid-body', () => {
  it('is retried on a GET (the answer is complete), and is exit 8 naming GET and the URL when retries run out', async () => {
    await injectFault(fx.emu, { match: { method: 'GET', path: agentsPath() }, resetAfterBytes: 10 })
    const ok = await cli(['agents', 'list', '--json'])
    expect(ok.stderr).toBe('')
    expect(ok.exitCode).toBe(0)
    expect((JSON.parse(ok.stdout) as unknown[]).length).toBeGreaterThan(0)

    await injectFault(fx.emu, { match: { method: 'GET', path: agentsPath() }, resetAfterBytes: 10, count: 3 })
    const r = await cli(['agents', 'list', '--json'])
    expect(r.exitCode).toBe(8)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(
      `error: GET ${fx.emu.baseUrl}/${fx.emu.accountId}/agents?page=1: the connection broke while reading the answer`,
    )
    expect(r.stderr).toContain('(after 3 attempts)')
    expect(r.stderr).not.toMatch(/bug in agentry/)
  })

  it('a stall mid-body is retried on a GET, and is exit 124 naming GET and the URL when retries run out', async () => {
    const stall = { match: { method: 'GET', path: agentsPath() }, stallMs: 4000, stallAfterBytes: 10 }
    await injectFault(fx.emu, stall)
    const ok = await cli(['agents', 'list', '--json', '--timeout', '0.5'])
    expect(ok.exitCode).toBe(0)
    expect(JSON.parse(ok.stdout)).toBeInstanceOf(Array)

    await injectFault(fx.emu, { ...stall, count: 2 })
    const r = await cli(['agents', 'list', '--json', '--timeout', '0.5', '--retries', '1'])
    expect(r.exitCode).toBe(124)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(
      `error: GET ${fx.emu.baseUrl}/${fx.emu.accountId}/agents?page=1: the answer stalled: not complete within 0.5 s`,
    )
    expect(r.stderr).toContain('(after 2 attempts)')
    // the host, and what to check (issue 37 item 2)
    expect(r.stderr).toContain(
      `hint: raise --timeout (seconds); ${new URL(fx.emu.baseUrl).host} stopped sending the answer`,
    )
  })

  it('a POST is not sent again: the outcome is unknown, and the message says how to check it', async () => {
    const count = async () =>
      (JSON.parse((await cli(['webhook', 'list', '--all', '--json'])).stdout) as unknown[]).length
    const before = await count()
    // the answer's headers (201) arrived, its body broke off
    await injectFault(fx.emu, { match: { method: 'POST', path: webhooksPath() }, resetAfterBytes: 5 })
    const cut = await cli(['webhook', 'create', '--name', 'lost answer', '--scenario', 'scn_summarize'])
    expect(cut.exitCode).toBe(8)
    expect(cut.stderr).toContain(
      `error: POST ${fx.emu.baseUrl}/${fx.emu.accountId}/webhooks: the server answered 201 but the rest of the answer was lost`,
    )
    expect(cut.stderr).toContain('it has most likely taken effect')
    expect(cut.stderr).toMatch(/hint: check before sending it again: list or get the resource/)
    expect(await count()).toBe(before + 1) // sent once, not again
    // no answer at all within --timeout
    await injectFault(fx.emu, { match: { method: 'POST', path: webhooksPath() }, stallMs: 3000 })
    const r = await cli(['webhook', 'create', '--name', 'no answer', '--scenario', 'scn_summarize', '--timeout', '0.5'])
    expect(r.exitCode).toBe(124)
    expect(r.stderr).toContain(
      `error: POST ${fx.emu.baseUrl}/${fx.emu.accountId}/webhooks: the request was sent but the answer was lost (no answer within 0.5 s); it may or may not have taken effect`,
    )
    expect(r.stderr).toMatch(/hint: check before sending it again/)
    // the emulator stalled before running it: not created, and not sent again
    expect(await count()).toBe(before + 1)
  })
})

describe('a failed --json list', () => {
  it('writes nothing to stdout (no lone `[`) in json, ndjson and yaml', async () => {
    for (const format of ['json', 'ndjson', 'yaml']) {
      await injectFault(fx.emu, { match: { method: 'GET', path: agentsPath() }, status: 500, count: 3 })
      const r = await cli(['agents', 'list', '-o', format])
      expect(r.exitCode, format).toBe(7)
      expect(r.stdout, format).toBe('')
    }
    await clearFaults(fx.emu)
  })

  it('an empty list is still `[]`', async () => {
    const r = await cli(['webhook', 'list', '--json', '--page', '999'])
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toBe('[]\n')
  })
})

describe('a 2xx that is not what the interface says', () => {
  let stub: Server
  let body = ''
  let type = 'text/html'
  let base = ''
  beforeAll(async () => {
    stub = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': type })
      res.end(body)
    })
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/api/v1beta`
  })
  afterAll(() => new Promise<void>((r) => stub.close(() => r())))
  const env = () => ({ AGENTRY_BASE_URL: base, AGENTRY_ACCOUNT: 'acc_1', AGENTRY_API_KEY: 'agk_test_key' })

  it('is exit 7 on every command, naming an HTML page, with nothing on stdout', async () => {
    body = '<!doctype html><html><body>Sign in to the corporate proxy</body></html>'
    type = 'text/html; charset=utf-8'
    for (const argv of [
      ['agents', 'list', '--json'],
      ['agents', 'get', 'a1'],
      ['webhook', 'list'],
      ['api', 'GET', '/{accountId}/agents', '--paginate'],
    ]) {
      const r = await runCommand(argv, { env: env() })
      expect(r.exitCode, argv.join(' ')).toBe(7)
      expect(r.stdout, argv.join(' ')).toBe('')
      expect(r.stderr, argv.join(' ')).toMatch(/is not JSON: an HTML page \(text\/html\)/)
      expect(r.stderr).toContain('hint: is --base-url the API address')
    }
  })

  it('malformed JSON is exit 7 too', async () => {
    body = '{"data": [{"id": "a1"'
    type = 'application/json'
    const r = await runCommand(['agents', 'list', '--json'], { env: env() })
    expect(r.exitCode).toBe(7)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^error: the server's answer to GET \/\{accountId\}\/agents is not JSON: /m)
  })

  it('an empty body where the interface expects a record is exit 7 too', async () => {
    body = ''
    type = 'application/json'
    const r = await runCommand(['agents', 'get', 'a1'], { env: env() })
    expect(r.exitCode).toBe(7)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/does not match the interface: body: /)
  })
})

// The limit is the run's body limit (ctx.bodyLimit(): 25 MiB, src/limits.ts), injected smaller here so that each
// case reads 64 KiB of /dev/zero, not 25 MiB (~0.2 s of CPU apiece)
describe('files named by flags', () => {
  it.each([
    ['--data @/dev/zero', ['api', 'POST', '/{accountId}/webhooks', '--data', '@/dev/zero']],
    ['--input-file /dev/zero', ['scenario', 'run', 'scn_summarize', '--input-file', '/dev/zero']],
    ['--tools /dev/zero', ['chat', 'demo-assistant', '-m', 'hi', '--tools', '/dev/zero']],
    ['--file /dev/zero', ['scenario', 'sign', '--file', '/dev/zero', '--secret-file', '/dev/zero']],
  ])('are read with a limit: %s fails with a usage error that says the limit', async (what, argv) => {
    const r = await runCommand(argv, { env: fx.env(), bodyLimit: 64 * 1024 })
    expect(r.exitCode, argv.join(' ')).toBe(2)
    expect(r.stderr).toContain(`error: ${what}: it is over the 64 KiB limit`)
  })
})
