// One real emulator per test file (ARCHITECTURE.md "Tests"): the demo seed on 127.0.0.1 port 0, started before the
// file's tests and closed after them, with the environment that points the CLI at it. This is the suite's one way to
// get a file's emulator (command, e2e, chat, terminal and emulator tests); a test that restarts or breaks an
// emulator on purpose (persistence, cancel) still calls createEmulator itself.
import { afterAll, beforeAll } from 'vitest'
import { createEmulator } from '../../src/emulator/index.js'
import type { Emulator, EmulatorOptions } from '../../src/emulator/types.js'
import { assertBuilt } from './cli.js'

/** Options for a file that drives the emulator itself: no scheduler ticking, answers streamed without delay. */
export const quietEmulator: EmulatorOptions = { scheduler: false, tokenDelayMs: 0 }

/**
 * A `ready` for a terminal file that stops or cancels the slow poet mid-answer: its words every `ms` instead of the
 * seed's 120 ms (paced for a person watching). What such a test needs is time between the line it waits for and the
 * answer's end to press its key: at 50 ms that is still ~2 s (40 words), where the tmux round trip takes ms.
 */
export const slowPoetEvery =
  (ms: number) =>
  (emu: Emulator): void => {
    const poet = emu.state.agents.get('slow-poet')
    if (!poet) throw new Error('the demo seed has no slow-poet agent')
    poet.tokenDelayMs = ms
  }

/** How a file's emulator is set up. */
export interface EmulatorFixtureOptions {
  /** the file spawns the built CLI: fail before starting anything when dist/ is missing */
  built?: boolean
  /** merged over the defaults: port 0, the demo seed, log kept for internalErrors(); a function is called in beforeAll
   * (for options known only then, e.g. the port of an upstream server started by the file) */
  emulator?: EmulatorOptions | (() => EmulatorOptions)
  /** runs once the emulator is up, before the file's own hooks (e.g. to seed more records) */
  ready?: (emu: Emulator) => void | Promise<void>
}

/** Where the CLI finds the emulator, without a credential (a type, not an interface: it is passed as a Record). */
type EmulatorServerEnv = { AGENTRY_BASE_URL: string; AGENTRY_ACCOUNT: string }

/** A file's emulator and the environment for the CLI. */
export interface EmulatorFixture {
  /** the running emulator: read it in tests and hooks (it starts in beforeAll) */
  readonly emu: Emulator
  /** AGENTRY_BASE_URL and AGENTRY_ACCOUNT of the emulator */
  server(): EmulatorServerEnv
  /** server() plus AGENTRY_API_KEY, the demo key with full scope */
  env(): EmulatorServerEnv & { AGENTRY_API_KEY: string }
  /** the log lines that report an internal error of the emulator (a test that expects none checks this is empty) */
  internalErrors(): string[]
}

/** Calls a test hook (`/__emulator/<path>`) with the emulator's hook token; `body` is sent as JSON. */
export function hook(emu: Pick<Emulator, 'url' | 'hookToken'>, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${emu.hookToken}` }
  if (body !== undefined) headers['content-type'] = 'application/json'
  return fetch(`${emu.url}/__emulator/${path.replace(/^\/+/, '')}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

/** Starts an emulator in beforeAll and closes it in afterAll; call it at the top level of a test file. */
export function emulatorFixture(opts: EmulatorFixtureOptions = {}): EmulatorFixture {
  let running: Emulator | undefined
  const lines: string[] = []
  beforeAll(async () => {
    if (opts.built) assertBuilt()
    const extra = typeof opts.emulator === 'function' ? opts.emulator() : opts.emulator
    running = await createEmulator({ port: 0, seed: 'demo', log: (l) => lines.push(l), ...extra })
    await opts.ready?.(running)
  })
  afterAll(async () => {
    await running?.close()
  })
  const emu = () => {
    if (!running) throw new Error('the emulator starts in beforeAll: read it in a test or a hook')
    return running
  }
  const server = () => ({ AGENTRY_BASE_URL: emu().baseUrl, AGENTRY_ACCOUNT: emu().accountId })
  return {
    get emu() {
      return emu()
    },
    server,
    env: () => ({ ...server(), AGENTRY_API_KEY: emu().demoApiKey }),
    internalErrors: () => lines.filter((l) => l.includes('internal error') || l.includes('error after the answer')),
  }
}
