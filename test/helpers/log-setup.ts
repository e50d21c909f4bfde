// What the chat-log tests share, in-process (test/logs/chat-logs) and as processes (test/e2e/chat-logs): a config dir
// of their own (its state dir is <dir>/state, see cliEnv), a runner bound to it, and the bytes SQLite wrote.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { type CliOptions, type CliResult, tempConfigDir } from './cli.js'
import type { EmulatorFixture } from './emulator.js'

/** A conversation as `logs list --json` shows it. */
export interface Logged {
  id: string
  agentId: string
  chatId: string | null
  messages: number
  profile: string
  baseUrl: string
}

/** A config dir of its own and `run` (the given runner: runCommand in-process, runCli as a process) bound to it. */
export function logSetup(fx: EmulatorFixture, runner: (args: string[], opts: CliOptions) => Promise<CliResult>) {
  const configDir = tempConfigDir()
  const dbFile = join(configDir, 'state', 'logs.db')
  const run = (args: string[], opts: Omit<CliOptions, 'configDir'> = {}) =>
    runner(args, { ...opts, configDir, env: { ...fx.env(), ...opts.env } })
  const json = async (args: string[]) => {
    const r = await run([...args, '--json'])
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    return JSON.parse(r.stdout)
  }
  /** every byte SQLite wrote: the database and its write-ahead log */
  const fileBytes = () =>
    [dbFile, `${dbFile}-wal`]
      .filter(existsSync)
      .map((f) => readFileSync(f).toString('latin1'))
      .join('')
  return { configDir, dbFile, run, json, fileBytes }
}
