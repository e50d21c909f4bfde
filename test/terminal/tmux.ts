// Drives a program in a real terminal: a private tmux server (its own socket, no user config), one session per
// test at a fixed size, keys sent with send-keys, the screen read with capture-pane. Every wait is bounded.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** The repository root. */
export const repoRoot = join(import.meta.dirname, '..', '..')

/** Why the terminal tests cannot run here, or undefined when they can. */
export function tmuxMissing(): string | undefined {
  const r = spawnSync('tmux', ['-V'], { encoding: 'utf8' })
  return r.status === 0 ? undefined : 'tmux is not installed (apt-get install tmux): the terminal tests are skipped'
}

/** Throws a clear error when the build is missing (vitest's globalSetup rebuilds it when stale). */
export function requireBuild(): void {
  if (!existsSync(join(repoRoot, 'dist', 'cli.js')))
    throw new Error('dist/cli.js is missing: the test run builds it (test/helpers/global-build.ts)')
}

/** Quotes a word for sh. */
export const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** One terminal running one command. */
export class TmuxSession {
  private readonly socket: string

  constructor(
    readonly name: string,
    readonly size = { cols: 100, rows: 30 },
  ) {
    this.socket = `agentry-test-${process.pid}`
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' })
  }

  /** Starts `command` (a shell line) in the repository root; its exit code is printed as EXIT:<n> afterwards. */
  start(command: string, env: Record<string, string>): void {
    const vars = Object.entries(env)
      .map(([k, v]) => `${k}=${sh(v)}`)
      .join(' ')
    // A person at a terminal, not a CI job: CI=true (set when this suite runs in CI) turns prompts off.
    const line = `cd ${sh(repoRoot)} && env -u CI ${vars} ${command}; echo EXIT:$?; sleep 120`
    this.tmux('new-session', '-d', '-s', this.name, '-x', String(this.size.cols), '-y', String(this.size.rows), line)
  }

  /** Runs a tmux command on this test's private server (e.g. show-buffer); returns its output. */
  command(...args: string[]): string {
    return this.tmux(...args)
  }

  /** Sends keys (tmux key names such as Enter, C-c, M-Enter, Up) or literal text with `literal`. */
  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.name, ...keys)
  }

  /** Types text literally (no key-name lookup). */
  type(text: string): void {
    this.tmux('send-keys', '-t', this.name, '-l', text)
  }

  /** Pastes text as a terminal does when the program asked for bracketed paste (\e[200~ … \e[201~). */
  paste(text: string): void {
    this.tmux('set-buffer', '-b', this.name, text)
    this.tmux('paste-buffer', '-p', '-d', '-b', this.name, '-t', this.name)
  }

  /** The screen and its scrollback as text, trailing blanks trimmed. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-S', '-', '-t', this.name)
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')
      .trimEnd()
  }

  /** The screen and its scrollback with their SGR escapes (capture-pane -e), to check styles such as dim. */
  styledScreen(): string {
    return this.tmux('capture-pane', '-p', '-e', '-S', '-', '-t', this.name)
  }

  /** Polls the screen until `test` passes; throws with the screen after `timeoutMs`. */
  async waitFor(what: string | RegExp | ((screen: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const test =
      typeof what === 'function' ? what : (s: string) => (typeof what === 'string' ? s.includes(what) : what.test(s))
    const deadline = Date.now() + timeoutMs
    let screen = ''
    while (Date.now() < deadline) {
      screen = this.screen()
      if (test(screen)) return screen
      // The program has ended (the shell printed its exit code) and what we wait for is not there: fail now.
      if (/^EXIT:\d+$/m.test(screen))
        throw new Error(`the program ended before ${String(what)}; the screen:\n${screen}`)
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`timed out after ${timeoutMs} ms waiting for ${String(what)}; the screen:\n${screen}`)
  }

  /** The pane's title (what an OSC 0/2 escape sequence written to the terminal would have set). */
  title(): string {
    return this.tmux('display-message', '-p', '-t', this.name, '#{pane_title}').trim()
  }

  /** Kills the session (and the private server once no session is left); never throws. */
  kill(): void {
    try {
      this.tmux('kill-session', '-t', this.name)
    } catch {
      // already gone
    }
  }

  /** Kills the private tmux server. */
  killServer(): void {
    try {
      this.tmux('kill-server')
    } catch {
      // no server
    }
  }
}

/** The last line of the screen that starts with the prompt marker. */
export function lastPrompt(screen: string): string | undefined {
  return screen
    .split('\n')
    .filter((l) => l.startsWith('› '))
    .at(-1)
}
