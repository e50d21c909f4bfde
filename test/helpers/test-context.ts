// An in-process test context (ARCHITECTURE.md "Tests"): fake IOStreams that capture stdout and stderr (TTY on or
// off), a temp AGENTRY_CONFIG_DIR, an undici MockAgent that rejects anything not stubbed, and `run([...])` from
// src/cli.ts with a fresh Context per command line, as the real process has. Every stub must be used: a test that
// ends with an interceptor never called fails (a stub nobody calls is a check that cannot fail).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { MockAgent } from 'undici'
import { afterAll, onTestFinished } from 'vitest'
import { run } from '../../src/cli.js'
import { Context } from '../../src/context.js'
import { createIO, OutputClosedError } from '../../src/io/iostreams.js'
import type { Prompter } from '../../src/io/prompter.js'
import { tempDirPath } from './temp-dir.js'

/** The origin the MockAgent answers for. */
export const testOrigin = 'http://agentry.test'
/** The default {base_url} of a test context. */
export const testBaseUrl = `${testOrigin}/api/v1beta`
/** The default account. */
export const testAccount = 'acc_1'
/** The default API key (AGENTRY_API_KEY). */
export const testApiKey = 'agk_test_0123456789abcdef'

/** How a test context is set up. */
export interface TestContextOptions {
  /** stdin, stdout and stderr are terminals (default false: piped) */
  tty?: boolean
  /** the bytes on stdin, or a stream the test writes to as the run goes (a PassThrough: stdin that stays open) */
  stdin?: string | Buffer | Readable
  /** merged over the defaults; a key set to undefined is removed (e.g. `{ AGENTRY_API_KEY: undefined }`) */
  env?: Record<string, string | undefined>
  /** terminal width (default 100) */
  columns?: number
  prompter?: Prompter
  openBrowser?: (url: string) => Promise<void>
  now?: () => number
  /** the service's body limit in bytes (default 25 MiB): a test of the limit injects a small one */
  bodyLimit?: number
  /** how the HTTP client waits between retries (default: the real timer); see noWait() */
  sleep?: (ms: number) => Promise<void>
  /** use this config dir instead of a new temp one */
  configDir?: string
  /**
   * stdout's reader leaves after this many characters (as `| head` does): the run's Context is told, as src/cli.ts
   * tells it of an EPIPE (ctx.outputClosed), and later writes are lost
   */
  stdoutReaderLeavesAfter?: number
}

/** What a test gets. */
export interface TestContext {
  /** a Context for direct calls; `run` makes a fresh one each time */
  ctx: Context
  /** runs one command line in-process; resolves to the exit code */
  run(argv: string[]): Promise<number>
  /** a fresh Context over the same IO, config dir and MockAgent */
  newContext(): Context
  /** everything written to stdout / stderr so far */
  stdout(): string
  stderr(): string
  /** forgets the captured output */
  clearOutput(): void
  /** the config dir; the context's own temp one is made when first asked for here, or when a run writes there */
  readonly configDir: string
  env: NodeJS.ProcessEnv
  /** the MockAgent (disableNetConnect: an unmatched request fails) */
  agent: MockAgent
  /** stubs on testOrigin: `t.http.get('/api/v1beta/acc_1/agents?page=1&limit=20').reply(200, {...})` */
  http: {
    get(path: string): ReturnType<ReturnType<MockAgent['get']>['intercept']>
    post(path: string, body?: string | ((b: string) => boolean)): ReturnType<ReturnType<MockAgent['get']>['intercept']>
    intercept(
      opts: Parameters<ReturnType<MockAgent['get']>['intercept']>[0],
    ): ReturnType<ReturnType<MockAgent['get']>['intercept']>
  }
}

function sink(chunks: string[], isTTY: boolean, columns: number) {
  return {
    isTTY,
    columns,
    write(chunk: string | Uint8Array): boolean {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      return true
    },
  }
}

/**
 * Throws undici's own list of the stubs on `agent` never called, if there is one. Asked first whether there is: its
 * assertNoPendingInterceptors() builds a table formatter (a stream and a Console) on every call, even when nothing is
 * pending, which every test context paid.
 */
function assertStubsUsed(agent: MockAgent): void {
  if (agent.pendingInterceptors().length > 0) agent.assertNoPendingInterceptors()
}

/**
 * Fails the test that made `agent` if a stub on it was never called: checked after the test's own checks (and only
 * when they passed: a failure already says what went wrong). A context made in a describe block is checked after
 * the block's tests.
 */
function checkStubsUsed(agent: MockAgent): void {
  try {
    onTestFinished(({ task }) => {
      if (task.result?.state !== 'fail') assertStubsUsed(agent)
    })
  } catch {
    try {
      afterAll(() => assertStubsUsed(agent))
    } catch {
      // made inside a hook: neither a test nor a block to check it after (make contexts in tests)
    }
  }
}

/**
 * A retry back-off that does not wait on the real clock: it records each wait asked for (in ms) and yields to the
 * event loop once, so a test of retries takes no time and can still check the waits.
 */
export function noWait(): ((ms: number) => Promise<void>) & { waits: number[] } {
  const waits: number[] = []
  return Object.assign(
    (ms: number) => {
      waits.push(ms)
      return new Promise<void>((resolve) => setImmediate(resolve))
    },
    { waits },
  )
}

/** A scripted prompter: answers in order, and records each question asked. */
export function fakePrompter(answers: unknown[]): Prompter & { asked: { kind: string; message: string }[] } {
  const asked: { kind: string; message: string }[] = []
  const next = (kind: string, message: string) => {
    asked.push({ kind, message })
    if (answers.length === 0) throw new Error(`fakePrompter: no answer left for ${kind} "${message}"`)
    const a = answers.shift()
    if (a instanceof Error) throw a
    return a
  }
  return {
    asked,
    select: async (message) => next('select', message) as never,
    input: async (message) => next('input', message) as string,
    password: async (message) => next('password', message) as string,
    confirm: async (message) => next('confirm', message) as boolean,
  }
}

/**
 * Builds a test context inside a test; its temp config dir (made when a run or the test first needs it: most never
 * do) is removed when the test finishes, and the test fails if
 * an HTTP stub registered on it was never called (`.persist()`ed stubs too: each must be called at least once).
 */
export function testContext(opts: TestContextOptions = {}): TestContext {
  const ownDir = opts.configDir === undefined
  const configDir = opts.configDir ?? tempDirPath()
  const env: NodeJS.ProcessEnv = {
    AGENTRY_CONFIG_DIR: configDir,
    AGENTRY_STATE_DIR: join(configDir, 'state'),
    AGENTRY_CACHE_DIR: join(configDir, 'cache'),
    AGENTRY_BASE_URL: testBaseUrl,
    AGENTRY_ACCOUNT: testAccount,
    AGENTRY_API_KEY: testApiKey,
    NO_COLOR: '1',
  }
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k]
    else env[k] = v
  }
  const out: string[] = []
  const err: string[] = []
  const tty = opts.tty ?? false
  const columns = opts.columns ?? 100
  const source =
    opts.stdin instanceof Readable
      ? opts.stdin
      : Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)])
  const stdin = Object.assign(source, { isTTY: tty })
  let current: Context | undefined
  const stdout = sink(out, tty, columns)
  const limit = opts.stdoutReaderLeavesAfter
  if (limit !== undefined) {
    const write = stdout.write
    stdout.write = (chunk) => {
      const before = out.join('').length
      if (before >= limit) return true
      write(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      out.splice(0, out.length, out.join('').slice(0, limit))
      if (before + String(chunk).length >= limit) current?.outputClosed(new OutputClosedError())
      return true
    }
  }
  const io = createIO({ stdin, stdout, stderr: sink(err, tty, columns), env })
  const agent = new MockAgent()
  agent.disableNetConnect()
  checkStubsUsed(agent)
  const pool = () => agent.get(testOrigin)
  const newContext = () => {
    current = new Context({
      io,
      env,
      dispatcher: agent,
      version: 'test',
      ...(opts.prompter ? { prompter: opts.prompter } : {}),
      ...(opts.openBrowser ? { openBrowser: opts.openBrowser } : {}),
      ...(opts.now ? { now: opts.now } : {}),
      ...(opts.bodyLimit !== undefined ? { bodyLimit: opts.bodyLimit } : {}),
      ...(opts.sleep ? { sleep: opts.sleep } : {}),
    })
    return current
  }
  return {
    ctx: newContext(),
    run: (argv) => run(argv, newContext()),
    newContext,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    clearOutput: () => {
      out.length = 0
      err.length = 0
    },
    get configDir() {
      if (ownDir) mkdirSync(configDir, { recursive: true, mode: 0o700 })
      return configDir
    },
    env,
    agent,
    http: {
      get: (path) => pool().intercept({ path, method: 'GET' }),
      post: (path, body) => pool().intercept({ path, method: 'POST', ...(body !== undefined ? { body } : {}) }),
      intercept: (o) => pool().intercept(o),
    },
  }
}
