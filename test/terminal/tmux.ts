// Drives a program in a real terminal: each TmuxSession has its own tmux server (its own socket, no user config) at
// a fixed size. The server runs in the foreground as a child of the test's process (`tmux -D`), so its CPU and its
// panes' count in the test run's; one control-mode client (`tmux -C`) carries every command over a pipe (no process
// per key or per look at the screen) and reports each output of the pane (`%output`), so waitFor reads the screen
// again only when the program has written something. Every wait is bounded.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from '../helpers/cli.js'
import { pollUntil } from '../helpers/poll.js'

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

/** Quotes a word for tmux's command parser (a control-mode line): `\ " $` escaped, `~` and control bytes in octal. */
const tmuxWord = (s: string) =>
  `"${s.replace(/[\\"$]/g, '\\$&').replace(/[\x00-\x1f\x7f~]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`)}"`

/** The shortest time between two reads of the screen while output streams in (ms): one read per burst. */
const readGapMs = 20

/**
 * The longest wait for the pane's next output before the screen is read again anyway (ms). Without it, waits for a
 * program's last output (EXIT:<n> after Ctrl-D) sometimes sat out their whole 10 s bound and then passed (10 020 ms):
 * the read after the %output had not shown the text yet, and no later output came to wake the wait.
 */
const missedOutputMs = 250

let sessionCount = 0

/** A command sent on the control client, waiting for its `%begin … %end` (or `%error`) block. */
interface Pending {
  line: string
  resolve(text: string): void
  reject(e: Error): void
}

/** One terminal running one command, on its own tmux server. */
export class TmuxSession {
  private readonly socket = join(tmpdir(), `agentry-tmux-${process.pid}-${++sessionCount}`)
  /** the guard of the foreground server (both children of this process) */
  private server: ChildProcess | undefined
  private control: ChildProcess | undefined
  private ready: Promise<void> | undefined
  private readonly pending: Pending[] = []
  /** the block being read: its %begin line's fields, whether it answers one of ours, its lines */
  private block: { guard: string; ours: boolean; lines: string[] } | undefined
  /** how many times the pane has written output, and who waits for the next time */
  private outputs = 0
  private wake: (() => void) | undefined
  /** the first failure of a command nobody awaited (keys, type, paste): thrown by the next waitFor */
  private failure: Error | undefined
  private lastRead = 0
  /** resolves open() once the control client is attached to the new session */
  private attached: (() => void) | undefined

  constructor(
    readonly name: string,
    readonly size = { cols: 100, rows: 30 },
  ) {}

  /**
   * Starts `command` (a shell line) in the repository root; its exit code is printed as EXIT:<n> afterwards. The pane
   * then stays, dead, with its screen; `live` keeps its shell running instead (until kill), for a test that reads
   * what only a live pane has, such as whether the cursor is shown.
   */
  start(command: string, env: Record<string, string>, { live = false } = {}): void {
    const vars = Object.entries(env)
      .map(([k, v]) => `${k}=${sh(v)}`)
      .join(' ')
    // A person at a terminal, not a CI job: CI=true (set when this suite runs in CI) turns prompts off.
    const line = `cd ${sh(repoRoot)} && env -u CI ${vars} ${command}; echo EXIT:$?${live ? '; exec sleep 600' : ''}`
    this.ready = this.open(line)
    this.ready.catch(() => {}) // reported by the first command or wait that needs it
  }

  private async open(line: string): Promise<void> {
    // the server's guard: a shell that ends the server once its stdin closes, which happens too when this process
    // dies without its afterAll (a server started with -D never exits on its own); it waits for the server, so the
    // server's CPU and its panes' still reach this process
    const guard = `tmux -D -S ${sh(this.socket)} -f /dev/null & cat >/dev/null; kill $! 2>/dev/null; wait $!`
    const server = spawn('sh', ['-c', guard], { stdio: ['pipe', 'ignore', 'ignore'] })
    this.server = server
    await pollUntil(
      () => {
        if (server.exitCode !== null) throw new Error(`the tmux server ended at once (exit ${server.exitCode})`)
        return existsSync(this.socket)
      },
      { stepMs: 5, what: `the tmux server's socket ${this.socket}` },
    )
    const { cols, rows } = this.size
    // remain-on-exit keeps the pane and its screen once the command has ended (the format: no "Pane is dead" line)
    const setup = ['set', '-g', 'remain-on-exit', 'on', ';', 'set', '-g', 'remain-on-exit-format', '', ';']
    const newSession = ['new-session', '-s', this.name, '-x', String(cols), '-y', String(rows), line]
    const control = spawn('tmux', ['-C', '-S', this.socket, ...setup, ...newSession], { stdio: 'pipe' })
    this.control = control
    let rest = ''
    control.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop() ?? ''
      for (const l of lines) this.onLine(l)
    })
    let stderr = ''
    control.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    // the session exists once the client is attached to it: commands sent before could find no target
    const attached = new Promise<void>((resolve, reject) => {
      this.attached = resolve
      control.once('close', () => {
        const gone = new Error(`the tmux control client ended${stderr ? `: ${stderr.trim()}` : ''}`)
        reject(gone)
        for (const p of this.pending.splice(0)) p.reject(gone)
        this.wake?.()
      })
    })
    await attached
  }

  /** One line from the control client: a reply block's line, or a notification. */
  private onLine(line: string): void {
    if (this.block) {
      const end = /^%(end|error) (.*)$/.exec(line)
      if (end && end[2] === this.block.guard) {
        const { ours, lines } = this.block
        this.block = undefined
        if (!ours) return
        const p = this.pending.shift()
        if (end[1] === 'end') p?.resolve(lines.join('\n'))
        else p?.reject(new Error(`tmux ${p.line}: ${lines.join('\n')}`))
      } else this.block.lines.push(line)
      return
    }
    const begin = /^%begin (\S+ \S+ (\S+))$/.exec(line)
    // flags 1: a command this client sent; 0: the commands it was started with
    if (begin) this.block = { guard: begin[1]!, ours: begin[2] === '1', lines: [] }
    else if (line.startsWith('%session-changed ')) this.attached?.()
    else if (line.startsWith('%output ')) {
      this.outputs++
      this.wake?.()
    }
  }

  /** Sends a tmux command on the control client; resolves with its output. */
  private async send(...args: string[]): Promise<string> {
    await this.ready
    const control = this.control
    if (!control?.stdin?.writable || control.exitCode !== null) throw new Error('the tmux session is not running')
    const line = args.map(tmuxWord).join(' ')
    return new Promise<string>((resolve, reject) => {
      this.pending.push({ line, resolve, reject })
      control.stdin?.write(`${line}\n`)
    })
  }

  /** Sends a command nobody waits for (input): commands run in the order sent, so the next read sees its effect. */
  private post(...args: string[]): void {
    this.send(...args).catch((e: Error) => {
      this.failure ??= e
    })
  }

  /** Runs a tmux command on this session's server (e.g. show-buffer); resolves with its output. */
  command(...args: string[]): Promise<string> {
    return this.send(...args)
  }

  /** Sends keys (tmux key names such as Enter, C-c, M-Enter, Up). */
  keys(...keys: string[]): void {
    this.post('send-keys', '-t', this.name, ...keys)
  }

  /** Types text literally (no key-name lookup). */
  type(text: string): void {
    this.post('send-keys', '-t', this.name, '-l', text)
  }

  /** Pastes text as a terminal does when the program asked for bracketed paste (\e[200~ … \e[201~). */
  paste(text: string): void {
    this.post('set-buffer', '-b', this.name, text)
    this.post('paste-buffer', '-p', '-d', '-b', this.name, '-t', this.name)
  }

  /** The screen and its scrollback as text, trailing blanks trimmed. */
  async screen(): Promise<string> {
    this.lastRead = Date.now()
    return (await this.send('capture-pane', '-p', '-S', '-', '-t', this.name))
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')
      .trimEnd()
  }

  /** The screen and its scrollback with their SGR escapes (capture-pane -e), to check styles such as dim. */
  styledScreen(): Promise<string> {
    return this.send('capture-pane', '-p', '-e', '-S', '-', '-t', this.name)
  }

  /**
   * Reads the screen until `test` passes: at once, then each time the program has written something (at most one
   * read per readGapMs), and at least every missedOutputMs. Throws with the screen after `timeoutMs`, or at once when the program has ended without it.
   */
  async waitFor(what: string | RegExp | ((screen: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const started = Date.now()
    const test =
      typeof what === 'function' ? what : (s: string) => (typeof what === 'string' ? s.includes(what) : what.test(s))
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (this.failure) throw this.failure
      const gap = this.lastRead + readGapMs - Date.now()
      if (gap > 0) await new Promise((r) => setTimeout(r, gap))
      const seen = this.outputs
      const screen = await this.screen()
      if (test(screen)) {
        trace(this.name, started, what)
        return screen
      }
      // The program has ended (the shell printed its exit code) and what we wait for is not there: fail now.
      if (/^EXIT:\d+$/m.test(screen))
        throw new Error(`the program ended before ${String(what)}; the screen:\n${screen}`)
      const left = deadline - Date.now()
      if (left <= 0)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${String(what)}; the screen:\n${screen}`)
      // the next output, or a fresh read after at most missedOutputMs (a last output may have been read too early)
      if (this.outputs === seen && this.control?.exitCode === null)
        await this.nextOutput(Math.min(left, missedOutputMs))
    }
  }

  /** Resolves at the pane's next output, or after `ms`, or when the control client ends. */
  private nextOutput(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      const wake = () => done()
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.wake = () => {
        this.wake = undefined
        wake()
      }
    })
  }

  /** The pane's title (what an OSC 0/2 escape sequence written to the terminal would have set). */
  async title(): Promise<string> {
    return (await this.send('display-message', '-p', '-t', this.name, '#{pane_title}')).trim()
  }

  /** Ends the session's server (its panes get SIGHUP) and waits for it to exit; never throws. */
  async kill(): Promise<void> {
    const server = this.server
    if (!server) return
    if (server.exitCode === null && server.signalCode === null) {
      // the panes still running at this point die unwaited-for: their CPU is missing from the run's own (measure)
      const log = process.env.AGENTRY_TMUX_CPU_LOG
      if (log) {
        const pid = Number(await this.send('display-message', '-p', '#{pid}').catch(() => '0'))
        if (pid) appendFileSync(log, `${this.name} ${liveChildrenCpu(pid).toFixed(2)}\n`)
      }
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
      await this.send('kill-server').catch(() => {})
      server.stdin?.end()
      // a deadline, not a wait: a server that has not exited after 5 s is killed
      const deadline = setTimeout(() => server.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(deadline)
    }
    this.control?.kill()
    rmSync(this.socket, { force: true })
  }
}

/**
 * CPU seconds (user + system) of the live children of `pid` and of everything under them, theirs and their waited-for
 * children's (Linux /proc; 0 elsewhere). For AGENTRY_TMUX_CPU_LOG: what a pane spent, when it is killed still running.
 */
function liveChildrenCpu(pid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>()
  try {
    for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
      try {
        // fields after the command's closing parenthesis: state ppid … utime stime cutime cstime (14th to 17th)
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
        const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(f[i] ?? 0), 0)
        stats.set(Number(name), { ppid: Number(f[1]), ticks })
      } catch {
        // ended meanwhile
      }
    }
  } catch {
    return 0
  }
  const under = (parent: number): number =>
    [...stats].filter(([, s]) => s.ppid === parent).reduce((sum, [child, s]) => sum + s.ticks + under(child), 0)
  return under(pid) / 100
}

/** With AGENTRY_TMUX_TRACE set, how long each wait took, on stderr: where a terminal test's time goes. */
function trace(session: string, started: number, what: unknown): void {
  if (process.env.AGENTRY_TMUX_TRACE)
    process.stderr.write(`tmux ${session}: ${Date.now() - started} ms for ${String(what).slice(0, 80)}\n`)
}

/** The last line of the screen that starts with the prompt marker. */
export function lastPrompt(screen: string): string | undefined {
  return screen
    .split('\n')
    .filter((l) => l.startsWith('› '))
    .at(-1)
}
