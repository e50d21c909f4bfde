// `agentry connect`: the queue verbs (access, tasks, show, approve, respond) and the worker against the in-process
// emulator, with real handler programs (a handler is a process by nature): what runs without a terminal, what the
// handler gets, a flood of output and a handler that never ends, expiry, and the local log.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { StoredDesktopTask } from '../../src/emulator/desktop-queue.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { pollUntil } from '../helpers/poll.js'
import { runCommand } from '../helpers/run-command.js'
import { fakePrompter } from '../helpers/test-context.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })
// each test sees only its own tasks
beforeEach(() => fx.emu.state.desktop.tasks.clear())

/** Queues a task as a hosted agent would (the desktop-relay agent does the same in a chat). */
function queue(text: string, opts: { agent?: string; ttlMs?: number } = {}): StoredDesktopTask {
  return fx.emu.state.desktop.queue(
    {
      account: fx.emu.accountId,
      sourceAgentId: opts.agent ?? 'desktop-relay',
      sourceChatId: 'chat_1',
      text,
      ttlMs: opts.ttlMs ?? 60_000,
    },
    Date.now(),
  )
}

const task = (id: string) => fx.emu.state.desktop.tasks.get(id)!
const run = (args: string[], extra: { input?: string; env?: Record<string, string>; configDir?: string } = {}) =>
  runCommand(args, {
    env: { ...fx.env(), ...extra.env },
    ...(extra.input !== undefined ? { input: extra.input } : {}),
    ...(extra.configDir !== undefined ? { configDir: extra.configDir } : {}),
  })
/** The worker until it has taken one task, polling fast. */
const serveOne = (handler: string, more: string[] = [], env: Record<string, string> = {}, configDir?: string) =>
  run(['connect', '--handler', handler, '--interval', '0.02', '--max-tasks', '1', ...more], {
    env,
    ...(configDir !== undefined ? { configDir } : {}),
  })

describe('connect access, tasks, show, approve, respond', () => {
  it('--enable leaves allow_always as it was; only --allow-always changes it', async () => {
    expect((await run(['connect', 'access', '--allow-always', 'on', '--json'])).stdout).toContain(
      '"allow_always": true',
    )
    const r = await run(['connect', 'access', '--disable', '--json'])
    expect(JSON.parse(r.stdout)).toEqual({ enabled: false, allow_always: true })
    const back = await run(['connect', 'access', '--enable', '--allow-always', 'off', '--json'])
    expect(JSON.parse(back.stdout)).toEqual({ enabled: true, allow_always: false })
    expect((await run(['connect', 'access', '--enable', '--disable'])).exitCode).toBe(2)
  })

  it('lists by status, shows one, approves it and answers it from words, --data @file and stdin', async () => {
    const a = queue('run the tests')
    const r = await run(['connect', 'tasks', '--status', 'awaiting_confirmation', '--json'])
    expect(JSON.parse(r.stdout).map((t: { id: string }) => t.id)).toContain(a.id)
    expect(
      (await run(['connect', 'tasks', '--status', 'awaiting_confirmation', '--jq', '.[0].task_status'])).stdout,
    ).toBe('awaiting_confirmation\n')
    const shown = await run(['connect', 'show', a.id])
    expect(shown.stdout).toMatch(/text\s+run the tests/)
    expect((await run(['connect', 'approve', a.id])).exitCode).toBe(0)
    expect(task(a.id).task_status).toBe('pending')
    expect((await run(['connect', 'respond', a.id, 'all', 'green'])).exitCode).toBe(0)
    expect(task(a.id).response).toBe('all green')
    const b = queue('b')
    const file = join(tempDir('connect-'), 'answer.md')
    writeFileSync(file, '# report\n')
    await run(['connect', 'respond', b.id, '--data', `@${file}`])
    expect(task(b.id).response).toBe('# report\n')
    const c = queue('c')
    await run(['connect', 'respond', c.id], { input: 'from stdin' })
    expect(task(c.id).response).toBe('from stdin')
    const missing = await run(['connect', 'show', 'dtask_nope'])
    expect(missing.exitCode).toBe(3)
    expect(missing.stderr).toContain('connect tasks')
  })
})

describe('the worker', () => {
  it('without a terminal and without --approve, or with --approve naming another agent, runs nothing and answers "refused"', async () => {
    const dir = tempDir('connect-')
    const marker = join(dir, 'ran')
    for (const more of [[], ['--approve', 'some-other-agent,another']]) {
      const t = queue('touch it')
      const r = await serveOne(`touch ${marker}`, more)
      expect(r.exitCode).toBe(0)
      expect(existsSync(marker)).toBe(false)
      expect(task(t.id).task_status).toBe('completed')
      expect(String(task(t.id).response)).toMatch(/^refused/)
      expect(r.stderr).toContain(`refused ${t.id}`)
    }
  })

  it("runs an approved agent's task: the task as JSON on stdin, stdout the answer, no credential in the environment", async () => {
    const dir = tempDir('connect-')
    const t = queue('hello')
    const env = {
      BRIGHTSY_API_KEY: 'bk_secret_1',
      BRIGHTSY_API_TOKEN: 'oauth_secret_2',
      AGENTRY_WEBHOOK_SECRET: 'whsec_3',
    }
    const script = `cat > ${join(dir, 'in.json')}; env > ${join(dir, 'env.txt')}; echo done`
    const r = await serveOne(`sh -c '${script}'`, ['--approve', 'desktop-relay', '-o', 'ndjson'], env, dir)
    expect(r.exitCode).toBe(0)
    expect(task(t.id).response).toBe('done')
    const input = JSON.parse(readFileSync(join(dir, 'in.json'), 'utf8'))
    expect(input).toMatchObject({ id: t.id, text: 'hello', source_agent_id: 'desktop-relay', source_chat_id: 'chat_1' })
    const seen = readFileSync(join(dir, 'env.txt'), 'utf8')
    for (const name of ['AGENTRY_API_KEY', 'BRIGHTSY_API_KEY', 'BRIGHTSY_API_TOKEN', 'AGENTRY_WEBHOOK_SECRET'])
      expect(seen).not.toContain(`${name}=`)
    expect(seen).not.toContain(fx.emu.demoApiKey)
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).event)
    expect(events).toEqual(['listening', 'taken', 'approved', 'started', 'answered', 'stopped'])
    // the local log has it, with the decision and the exit code
    const logs = JSON.parse((await run(['logs', 'list', '--json'], { configDir: dir })).stdout)
    expect(logs).toMatchObject([{ agentId: 'desktop-relay', chatId: t.id, title: 'hello' }])
    const shown = await run(['logs', 'show', logs[0].id, '--json'], { configDir: dir })
    expect(shown.stdout).toContain('approve-list; ok; exit 0')
  })

  // 8 MB: eight times what is kept (1 MiB) and far past a pipe's buffer, so the handler ends only if the rest is read
  // and dropped (100 MB proved no more, and its reading cost ~1.2 s of CPU and 20 s on a loaded machine)
  it('a handler that prints 8 MB or never exits is answered, and the worker goes on', async () => {
    const flood = queue('flood')
    const r = await serveOne(`sh -c 'head -c 8000000 /dev/zero | tr "\\0" a'`, ['--approve', 'all'])
    expect(r.exitCode).toBe(0)
    const answer = String(task(flood.id).response)
    expect(answer.length).toBeLessThan(1024 * 1024 + 200)
    expect(answer).toMatch(/output cut: the handler printed 8000000 bytes/)
    const hang = queue('hang')
    const h = await serveOne('sleep 600', ['--approve', 'all', '--task-timeout', '0.3'])
    expect(h.exitCode).toBe(0)
    expect(String(task(hang.id).response)).toMatch(/did not finish in time/)
  })

  it('on a terminal, asks: refused by the user is answered so; "run it once" runs it', async () => {
    const dir = tempDir('connect-')
    const marker = join(dir, 'ran')
    for (const [choice, ran] of [
      ['refuse', false],
      ['once', true],
    ] as const) {
      const t = queue('\u001b]0;title\u0007touch it')
      const prompter = fakePrompter([choice])
      const ctx = emulatorContext(fx, { tty: true, prompter, env: { PATH: process.env.PATH } })
      const argv = ['connect', '--handler', `touch ${marker}`, '--interval', '0.02', '--max-tasks', '1']
      expect(await ctx.run(argv)).toBe(0)
      expect(existsSync(marker)).toBe(ran)
      expect(prompter.asked[0]!.message).toMatch(/^Task dtask_\S+ from agent desktop-relay \(chat chat_1\):/)
      expect(prompter.asked[0]!.message).not.toContain('\u001b')
      expect(String(task(t.id).response)).toBe(ran ? '(the handler printed nothing)' : 'refused by the user')
    }
  })

  it('never runs an expired task', async () => {
    const dir = tempDir('connect-')
    const marker = join(dir, 'ran')
    const old = queue('too late', { ttlMs: 1 })
    const r = await run([
      'connect',
      '--handler',
      `touch ${marker}`,
      '--approve',
      'all',
      '--interval',
      '0.02',
      '--idle-exit',
      '0.1',
    ])
    expect(r.exitCode).toBe(0)
    expect(existsSync(marker)).toBe(false)
    expect(task(old.id).task_status).toBe('expired')
  })

  it('refuses a handler that needs a shell, or that does not exist, before polling', async () => {
    const pipe = await run(['connect', '--handler', 'tr a-z A-Z | head', '--approve', 'all'])
    expect(pipe.exitCode).toBe(2)
    expect(pipe.stderr).toContain('shell operator')
    const none = await run(['connect', '--handler', 'no-such-program-here', '--approve', 'all'])
    expect(none.exitCode).toBe(2)
    expect(none.stderr).toContain('not a program')
  })
})

describe('the desktop-relay agent', () => {
  it('queues the chat message as a task and answers with its response', async () => {
    const chat = run(['chat', 'desktop-relay', '-m', 'look up README.md'])
    let id: string | undefined
    await pollUntil(() => {
      id = [...fx.emu.state.desktop.tasks.values()].find((t) => t.messages[0]?.content === 'look up README.md')?.id
      return id !== undefined
    })
    await run(['connect', 'respond', id!, 'README.md has 42 lines'])
    expect((await chat).stdout).toContain('README.md has 42 lines')
  })
})
