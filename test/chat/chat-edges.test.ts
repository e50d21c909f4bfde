// The rough edges of `agentry chat` from issue 12, end to end with the CLI in-process (src/cli.ts run()): --timeout bounds a whole streamed
// answer, an unknown agent, an unwritable --save, tool calls nobody answers, and a --tool-handler that cannot start.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import { chatRun } from '../../src/commands/chat/run.js'
import { Context } from '../../src/context.js'
import { createIO } from '../../src/io/iostreams.js'
import { HttpClient } from '../../src/api/request.js'
import { Redactor } from '../../src/api/redact.js'
import { runToolHandler } from '../../src/chat/tool-handler.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { chatOpts, customServer, tempFile } from './helpers.js'
import { tempDir } from '../helpers/temp-dir.js'
import { exitCodeOf } from '../../src/errors.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const env = () => ({
  AGENTRY_BASE_URL: fx.emu.baseUrl,
  AGENTRY_ACCOUNT: fx.emu.accountId,
  AGENTRY_API_KEY: fx.emu.demoApiKey,
})
const chat = (args: string[], extra: Record<string, string> = {}) =>
  runCommand(['chat', ...args], { env: { ...env(), ...extra } })

describe('--timeout and a streamed answer', () => {
  it('bounds the whole answer, not only the wait for its headers: exit 124 naming --timeout', async () => {
    // headers with a first piece at once, then one piece every 50 ms for ever: the idle timeout (its own setting, 300 s
    // by default) never fires, so only the whole-answer bound of --timeout 2 ends it (2 s: the bound covers the wait for
    // the head and its first piece too, which took over 0.5 s in-process on a loaded machine)
    const srv = await customServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const piece = JSON.stringify({ choices: [{ index: 0, delta: { content: 'tick ' } }] })
      res.write(`data: ${piece}\n\n`)
      const t = setInterval(() => res.write(`data: ${piece}\n\n`), 50)
      res.on('close', () => clearInterval(t))
    })
    const started = Date.now()
    const r = await runCommand(['chat', 'ag_1', '-m', 'hi', '--timeout', '2'], {
      env: { AGENTRY_BASE_URL: srv.baseUrl, AGENTRY_ACCOUNT: 'acc_1', AGENTRY_API_KEY: 'ak_test_x' },
    })
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(r.exitCode).toBe(124)
    expect(r.stdout).toContain('tick')
    expect(r.stderr).toContain('--timeout')
  })
})

describe('the HTTP client and a stream longer than the total timeout', () => {
  it('reads it whole by default (the idle timeout watches it) and stops it with a TimeoutError when bounded', async () => {
    // a piece every 50 ms: /finite ends after 2 s (twice the total timeout), any other path never ends, so the
    // bounded read ends by its timeout however slow the machine, and no test bounds the time it takes. The total
    // timeout also bounds the wait for the answer's head: 1 s, which a loaded machine gives (0.2 s failed at load 28)
    const srv = await customServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      let n = 0
      const t = setInterval(() => {
        if (++n < 40 || !req.url?.endsWith('/finite')) res.write('x')
        else {
          clearInterval(t)
          res.end('.')
        }
      }, 50)
      res.on('close', () => clearInterval(t))
    })
    const read = async (boundStreams: boolean, path: string) => {
      const http = new HttpClient({
        userAgent: 't',
        timeoutMs: 1000,
        idleTimeoutMs: 2000,
        retries: 0,
        redactor: new Redactor(),
        boundStreams,
      })
      const res = await http.send({ method: 'GET', url: `${srv.baseUrl}${path}`, auth: false, stream: true })
      let text = ''
      for await (const c of res.body) text += String(c)
      await http.close()
      return text
    }
    expect(await read(false, '/finite')).toBe(`${'x'.repeat(39)}.`)
    const bounded = await read(true, '/endless').catch((e: unknown) => e)
    expect(exitCodeOf(bounded)).toBe(124)
    expect(bounded).toMatchObject({ message: expect.stringContaining('--timeout 1 s') })
  })
})

describe('an agent that does not exist', () => {
  it('one-shot: exit 3 naming the agent, with the hint to list them', async () => {
    const r = await chat(['nope', '-m', 'hello'])
    expect(r.exitCode).toBe(3)
    expect(r.stderr).toContain('agent nope not found')
    expect(r.stderr).toContain('agentry agents list')
  })

  it('interactive: exit 3 before any session or screen is opened', async () => {
    const out: string[] = []
    const tty = { isTTY: true, columns: 80, rows: 24, write: (c: string) => out.push(String(c)) > 0 }
    const fullEnv = { ...env(), AGENTRY_CONFIG_DIR: tempDir(), AGENTRY_LOG: 'off', NO_COLOR: '1' }
    const stdin = Object.assign(Readable.from([]), { isTTY: true, setRawMode: () => {} })
    const io = createIO({ stdin: stdin as never, stdout: tty, stderr: tty, env: fullEnv })
    const ctx = new Context({ io, env: fullEnv })
    try {
      await expect(chatRun('nope', chatOpts(), ctx)).rejects.toMatchObject({
        exitCode: 3,
        message: expect.stringContaining('agent nope not found'),
        hint: expect.stringContaining('agentry agents list'),
      })
      expect(out.join('')).not.toContain('chat with')
    } finally {
      await ctx.cleanup()
    }
  })
})

describe('--save', () => {
  it('to a missing directory is a usage error before the first turn; nothing is created', async () => {
    const dir = join(tempDir(), 'missing')
    const r = await chat(['demo-assistant', '-m', 'hi', '--save', join(dir, 't.jsonl')])
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/--save .*does not exist/)
    expect(r.stderr.match(/--save/g)).toHaveLength(1)
    expect(r.stdout).toBe('')
    expect(existsSync(dir)).toBe(false)
  })

  it('to a directory or under a file is a usage error naming --save', async () => {
    const dir = tempDir()
    const a = await chat(['demo-assistant', '-m', 'hi', '--save', dir])
    expect(a.exitCode).toBe(2)
    expect(a.stderr).toMatch(/--save .*directory/)
    const file = tempFile('plain.txt', 'x')
    const b = await chat(['demo-assistant', '-m', 'hi', '--save', join(file, 't.jsonl')])
    expect(b.exitCode).toBe(2)
    expect(b.stderr).toContain('--save')
    expect(readFileSync(file, 'utf8')).toBe('x')
  })
})

describe('tool calls', () => {
  it('without a handler: the tool is named on stderr and the exit is 5; streamed text stays on stdout', async () => {
    const r = await chat(['weather-bot', '-m', 'weather in Bergen'])
    expect(r.exitCode).toBe(5)
    expect(r.stderr).toContain('get_weather')
    expect(r.stderr).toContain('--tool-handler')
    // a script still gets the calls in the output, and the exit says they were not answered
    const j = await chat(['weather-bot', '-m', 'weather in Bergen', '--json'])
    expect(j.exitCode).toBe(5)
    expect(JSON.parse(j.stdout).message.tool_calls[0].function.name).toBe('get_weather')
  })

  it('a --tool-handler that cannot be started is a usage error naming it, not a tool result', async () => {
    const r = await chat([
      'weather-bot',
      '-m',
      'weather in Bergen',
      '--tool-handler',
      './nope-not-here',
      '-o',
      'ndjson',
    ])
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toContain('--tool-handler')
    expect(r.stderr).toContain('nope-not-here')
    expect(r.stdout).not.toContain('tool_result')
  })

  it('runToolHandler: not found or not executable is a setup error; a handler that fails is a tool result', async () => {
    const call = { id: 'c1', type: 'function' as const, function: { name: 'f', arguments: '{}' } }
    const missing = await runToolHandler('./nope-not-here', call, { timeoutMs: 5000 })
    expect(exitCodeOf(missing.setupError)).toBe(2)
    const notExec = await runToolHandler(tempFile('h.sh', 'echo hi\n'), call, { timeoutMs: 5000 })
    expect(notExec.setupError?.message).toMatch(/--tool-handler .*could not be started/)
    const failing = await runToolHandler('echo oops >&2; exit 1', call, { timeoutMs: 5000 })
    expect(failing).toMatchObject({ ok: false })
    expect(failing.setupError).toBeUndefined()
    expect(failing.content).toContain('oops')
  })
})
