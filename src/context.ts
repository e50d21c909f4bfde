// The per-run Context (after gh's factory): IO, settings, credential, API client, output, prompter, browser and
// clock, each built lazily on first use so that a command loads only what it needs. No module-level state.
import type { Dispatcher } from 'undici'
import { Redactor } from './api/redact.js'
// the API stack is in the same chunk as the Context (src/core-chunk.ts): a static import costs no file more
import { AgentryClient, HttpClient, noAccountError, notLoggedIn, resolveCredential, Transport } from './api-core.js'
import type { Credential } from './auth/credential.js'
import type { GlobalOptions } from './config/global-flags.js'
import { configDir } from './config/paths.js'
// settings are resolved before every command (the preAction hook): static imports, one file fewer each to load
import {
  baseUrlOf,
  checkedProfileName,
  flagValues,
  resolveOne,
  resolveSettings,
  type Settings,
  type Sourced,
} from './config/resolve.js'
import { loadConfig } from './config/store.js'
import { CancelledError, UsageError } from './errors.js'
import type { IOStreams } from './io/iostreams.js'
import { defaultIdleTimeoutSeconds, maxBodyBytes } from './limits.js'
import type { Palette } from './io/palette.js'
import { type JsonFilter, Output, type OutputFormat, outputFormats } from './io/output.js'
import { sanitizeText } from './text/sanitize.js'
import type { Prompter } from './io/prompter.js'

/** The in-process emulator `--emulator` started: the base URL, account and key the run uses instead of its own. */
export interface EmulatorInputs {
  baseUrl: string
  account: string
  apiKey: string
}

/**
 * What the command line decided, fixed once before any command code runs (Context.resolve): the global options and
 * the `--emulator`'s inputs. Settings are resolved from these, never from anything a command changes.
 */
export interface RunInputs {
  globals: GlobalOptions
  emulator?: EmulatorInputs | undefined
}

/** How errors are written and whether HTTP is traced: read before the profile, so they are known even when it fails. */
interface RunSwitches {
  errorFormat: 'text' | 'json'
  debug: boolean
}

const noGlobals: Readonly<GlobalOptions> = Object.freeze({})

/** What a test or the real process hands to a run. */
export interface ContextInit {
  io: IOStreams
  env: NodeJS.ProcessEnv
  /** undici dispatcher for tests (MockAgent); default: a proxy-aware agent */
  dispatcher?: Dispatcher
  /** opens a URL in a browser; default: the `open` package */
  openBrowser?: (url: string) => Promise<void>
  /** a prompter for tests; default: @inquirer/prompts */
  prompter?: Prompter
  now?: () => number
  /** the service's request body limit in bytes (default maxBodyBytes, 25 MiB): tests inject a small one */
  bodyLimit?: number
  /** how the HTTP client waits between retries (default: a timer); tests inject one that does not wait */
  sleep?: (ms: number) => Promise<void>
  version?: string
}

/** Everything a command may use. */
export class Context {
  readonly io: IOStreams
  readonly env: NodeJS.ProcessEnv
  readonly redactor = new Redactor()
  readonly version: string
  /** aborted on Ctrl-C (unless a command takes over interrupts) */
  readonly abort = new AbortController()
  /** the handlers onInterrupt holds, latest last: Ctrl-C calls the latest */
  private readonly interruptHandlers: { fn: () => void }[] = []
  private outputClosedHandler: (() => void) | undefined
  private readonly init: ContextInit
  private readonly cleanups: (() => Promise<void> | void)[] = []
  private inputs: Readonly<RunInputs> | undefined
  private switches: RunSwitches | undefined
  private settingsCache: Promise<Settings> | undefined
  private settingsValue: Settings | undefined
  private httpCache: Promise<HttpClient> | undefined
  private credentialCache: Promise<Credential> | undefined
  private sdkCache: Promise<AgentryClient> | undefined
  private prompterCache: Prompter | undefined
  /** the profile `config use` stored (config.json's currentProfile), once the config has been read */
  private storedProfile: string | undefined
  /** stderr's palette, loaded by resolve() only when stderr has colour (chalk stays off a plain start-up path) */
  private stderrPalette: Palette | undefined

  constructor(init: ContextInit) {
    this.init = init
    this.io = init.io
    this.env = init.env
    this.version = init.version ?? '0.0.0'
  }

  /**
   * A fresh Context on the same streams, environment and seams, to be resolved with other inputs: a run described
   * by words rather than by this process's command line (`__complete` fetches ids as the completed line would).
   */
  sibling(): Context {
    return new Context(this.init)
  }

  /** Milliseconds since the epoch (a seam for tests). */
  now(): number {
    return this.init.now ? this.init.now() : Date.now()
  }

  /** The service's request body limit in bytes: no line, file or input bigger than this can be sent. */
  bodyLimit(): number {
    return this.init.bodyLimit ?? maxBodyBytes
  }

  /** The config directory. */
  configDir(): string {
    return configDir(this.env)
  }

  /** The global options of this run (frozen; empty before the command line is parsed). */
  get globals(): Readonly<GlobalOptions> {
    return this.inputs?.globals ?? noGlobals
  }

  /** The in-process emulator of `--emulator`, if this run started one. */
  get emulator(): EmulatorInputs | undefined {
    return this.inputs?.emulator
  }

  /**
   * Fixes the run's inputs, once, before any command code runs (the preAction hook of src/cli.ts), and resolves the
   * settings from them: a bad flag or environment value is a usage error here, before anything is sent. A broken
   * config file is reported by the first command that needs the settings (so `config path` still finds it).
   */
  async resolve(inputs: RunInputs): Promise<void> {
    if (this.inputs || this.settingsCache) throw new Error('Context.resolve: the run inputs are fixed once')
    this.inputs = Object.freeze({
      globals: Object.freeze({ ...inputs.globals }),
      emulator: inputs.emulator && Object.freeze({ ...inputs.emulator }),
    })
    if (this.io.colorStderr()) this.stderrPalette = (await import('./io/palette.js')).palette(true)
    const flags = flagValues({ ...this.inputs.globals })
    this.switches = {
      errorFormat: (await tryResolve(() => resolveOne('errorFormat', flags.errorFormat, this.env))) ?? 'text',
      debug: (await tryResolve(() => resolveOne('debug', flags.debug, this.env))) ?? false,
    }
    await this.settings().catch((err: unknown) => {
      if (err instanceof UsageError) throw err
    })
  }

  /** The profile name and where it came from. */
  profile(): Sourced<string> {
    if (this.globals.profile) return { value: this.globals.profile, source: 'flag', origin: '--profile' }
    if (this.env.AGENTRY_PROFILE) return { value: this.env.AGENTRY_PROFILE, source: 'env', origin: 'AGENTRY_PROFILE' }
    if (this.storedProfile) return { value: this.storedProfile, source: 'default', origin: 'agentry config use' }
    return { value: 'default', source: 'default', origin: 'default' }
  }

  /** The resolved settings (flag > env > profile > default), from the run inputs and the settings table. */
  settings(): Promise<Settings> {
    this.settingsCache ??= (async () => {
      const cfg = await loadConfig(this.configDir())
      this.storedProfile = cfg.currentProfile
      const profile = this.profile()
      await checkedProfileName(profile)
      const flags = flagValues({ ...this.globals })
      // --emulator's base URL and account are this run's, whatever else says otherwise
      const emu = this.emulator
      if (emu) Object.assign(flags, { baseUrl: emu.baseUrl, account: emu.account })
      const origins = emu ? { baseUrl: '--emulator', account: '--emulator' } : {}
      this.settingsValue = await resolveSettings(flags, this.env, profile, cfg.profiles[profile.value], origins)
      return this.settingsValue
    })()
    return this.settingsCache
  }

  /** The credential of this run. */
  credential(): Promise<Credential> {
    this.credentialCache ??= resolveCredential(this)
    return this.credentialCache
  }

  /**
   * The HTTP client of this run, built on first use from the settings (timeouts, retries, tracing). It needs no
   * base URL: transports to a URL given by the user (`webhook trigger --url`, `a2a card <url>`) use it as it is
   * and send no credential (`auth: false`).
   */
  http(): Promise<HttpClient> {
    this.httpCache ??= (async () => {
      const [settings, credential] = await Promise.all([this.settings(), this.credential()])
      const http = new HttpClient({
        userAgent: `agentry/${this.version} node/${process.versions.node}`,
        timeoutMs: (settings.timeout?.value ?? 300) * 1000,
        // a timeout the user chose bounds a whole streamed answer; the default leaves long answers to the idle timeout
        boundStreams: settings.timeout !== undefined && settings.timeout.source !== 'default',
        idleTimeoutMs: (settings.idleTimeout?.value ?? defaultIdleTimeoutSeconds) * 1000,
        retries: settings.retries?.value ?? 2,
        // a call that needs a credential, in a run that has none, stops here, before it is sent (exit 4)
        token: async () => {
          if (credential.kind !== 'none') return credential.token()
          throw credential.refusal ?? notLoggedIn(this.profile().value)
        },
        onUnauthorized: credential.onUnauthorized,
        redactor: this.redactor,
        trace: this.debugEnabled() ? (line) => this.debug(line) : undefined,
        dispatcher: this.init.dispatcher,
        signal: this.abort.signal,
        ...(this.init.sleep ? { sleep: this.init.sleep } : {}),
      })
      this.defer(() => http.close())
      return http
    })()
    return this.httpCache
  }

  /**
   * The public library's client over this run's HTTP client (same credential, timeouts, trace and redaction), with
   * the run's base URL (the service itself unless a flag, variable or profile names another) and account, built on
   * first use.
   */
  sdk(): Promise<AgentryClient> {
    this.sdkCache ??= Promise.all([this.http(), this.settings(), this.credential()]).then(
      ([http, settings, credential]) =>
        new AgentryClient(
          new Transport(http, baseUrlOf(settings), settings.account?.value, () =>
            noAccountError(credential, this.profile().value),
          ),
        ),
    )
    return this.sdkCache
  }

  /** How errors are written: --error-format, else AGENTRY_ERROR_FORMAT, else text. */
  errorFormat(): 'text' | 'json' {
    return this.switches?.errorFormat ?? (this.env.AGENTRY_ERROR_FORMAT === 'json' ? 'json' : 'text')
  }

  /**
   * The output format: --json, -o, the profile's `output` (when the command offers it), then a table on a terminal
   * and TSV when piped.
   */
  outputFormat(allowed: readonly string[] = outputFormats): OutputFormat {
    const g = this.globals
    if (g.jq !== undefined) {
      // --jq filters JSON (-o json and ndjson were checked before the run, src/io/jq.ts)
      if (!allowed.includes('json')) throw new UsageError('--jq: this command prints no JSON', 'drop --jq')
      return 'json'
    }
    const chosen = g.json ? 'json' : g.output
    if (chosen !== undefined) {
      if (!allowed.includes(chosen))
        throw new UsageError(
          `--output ${chosen} is not one of ${allowed.join(', ')}`,
          `e.g. --output ${allowed[1] ?? allowed[0]}`,
        )
      return chosen as OutputFormat
    }
    const stored = this.settingsValue?.output?.value
    if (stored !== undefined && allowed.includes(stored)) return stored
    return Output.defaultFormat(this.io)
  }

  /** Whether this run asked for an output format (--json, -o, or the profile's `output` when `allowed` has it). */
  outputChosen(allowed: readonly string[] = outputFormats): boolean {
    const stored = this.settingsValue?.output?.value
    const g = this.globals
    return Boolean(g.json || g.jq !== undefined || g.output !== undefined || (stored && allowed.includes(stored)))
  }

  /** The data writer for stdout (JSON through the --jq filter when it is given). */
  output(): Output {
    const format = this.outputFormat()
    return new Output(this.io, format, this.jqFilter())
  }

  /** Whether a --jq filter was applied to what this run printed (cli.ts warns when it was not). */
  jqApplied = false

  /** The --jq filter, when given: jq (src/io/jq.ts) loads on first use. */
  jqFilter(): JsonFilter | undefined {
    const expression = this.globals.jq
    if (expression === undefined) return undefined
    return async (json, write) => {
      this.jqApplied = true
      return (await import('./io/jq.js')).runJq(expression, json, write, this.abort.signal)
    }
  }

  /** Asks the user; only when a terminal is attached (otherwise a usage error names the missing flag). */
  async prompter(missing: string): Promise<Prompter> {
    if (!this.io.canPrompt()) throw new UsageError(`${missing} is required when not running in a terminal`)
    if (this.init.prompter) return this.init.prompter
    this.prompterCache ??= await (await import('./io/prompter.js')).inquirerPrompter(this.io)
    return this.prompterCache
  }

  /** Opens a URL in the system browser. */
  async openBrowser(url: string): Promise<void> {
    if (this.init.openBrowser) return this.init.openBrowser(url)
    const { default: open } = await import('open')
    await open(url)
  }

  /** Is the --debug trace on? */
  debugEnabled(): boolean {
    if (this.switches) return this.switches.debug
    const e = this.env.AGENTRY_DEBUG
    return Boolean(this.globals.debug || (e && e !== '0' && e !== 'false'))
  }

  /** Writes a line of the debug trace to stderr (secrets scrubbed again, as a last line of defence; sanitised). */
  debug(line: string): void {
    if (this.debugEnabled()) this.io.stderr.write(`${sanitizeText(this.redactor.text(line))}\n`)
  }

  /**
   * Writes a note for the user to stderr (suppressed by --quiet). The line may carry server or tool text, so it is
   * sanitised (src/text/sanitize.ts); `style` (e.g. dim) is applied after that, so our own styling still works.
   */
  info(line: string, style?: (s: string) => string): void {
    if (!this.globals.quiet) this.io.stderr.write(`${style ? style(sanitizeText(line)) : sanitizeText(line)}\n`)
  }

  /** Writes a warning to stderr (always), sanitised like info. */
  warn(line: string): void {
    const label = this.stderrPalette && this.io.colorStderr() ? this.stderrPalette.yellow('warning:') : 'warning:'
    this.io.stderr.write(`${label} ${sanitizeText(line)}\n`)
  }

  /**
   * Waits `ms` between two reads of something that changes (`scenario runs --watch`): the injected sleep in tests,
   * else a timer; Ctrl-C ends the wait with CancelledError.
   */
  async wait(ms: number): Promise<void> {
    this.checkCancelled()
    if (this.init.sleep) await this.init.sleep(ms)
    else {
      // Node's abortable timer, loaded here: only a watching command waits
      const { setTimeout: sleep } = await import('node:timers/promises')
      await sleep(ms, undefined, { signal: this.abort.signal }).catch(() => undefined)
    }
    this.checkCancelled()
  }

  /**
   * Has Ctrl-C (and SIGTERM) call `fn` instead of aborting the run (chat cancels the answer and keeps going; a
   * server stops and ends with 0) until the returned undo is called. The latest handler wins; undoing it gives
   * Ctrl-C back to the one before, whatever order handlers are undone in. Undo twice is undo once.
   */
  onInterrupt(fn: () => void): () => void {
    const entry = { fn }
    this.interruptHandlers.push(entry)
    return () => {
      const at = this.interruptHandlers.indexOf(entry)
      if (at >= 0) this.interruptHandlers.splice(at, 1)
    }
  }

  /** The first stop signal the run got (`connect` exits 143 after SIGTERM, 130 after SIGINT), if any. */
  get stopSignal(): 'SIGINT' | 'SIGTERM' | undefined {
    return this.#stopSignal
  }
  #stopSignal: 'SIGINT' | 'SIGTERM' | undefined

  /**
   * Has the end of stdout's reader (`| head`: EPIPE) call `fn` instead of aborting the run, until the returned undo
   * is called: a one-shot chat reads its answer to the end for the log rather than leaving it cut short.
   */
  onOutputClosed(fn: () => void): () => void {
    this.outputClosedHandler = fn
    return () => {
      if (this.outputClosedHandler === fn) this.outputClosedHandler = undefined
    }
  }

  /** Stdout's reader went away (src/cli.ts): the onOutputClosed handler, else the run ends quietly (aborted). */
  outputClosed(reason: Error): void {
    if (this.abort.signal.aborted) return
    if (this.outputClosedHandler) this.outputClosedHandler()
    else this.abort.abort(reason)
  }

  /**
   * What Ctrl-C and SIGTERM do to the run (src/cli.ts): the latest onInterrupt handler, else abort. True when a
   * handler took it.
   */
  interrupt(signal: 'SIGINT' | 'SIGTERM' = 'SIGINT'): boolean {
    this.#stopSignal ??= signal
    const handler = this.interruptHandlers.at(-1)
    if (handler) handler.fn()
    else this.abort.abort()
    return handler !== undefined
  }

  /**
   * The stop of a server whose normal end is being asked to (`emulator start`, `mcp serve`): `requested` resolves on
   * the first Ctrl-C or SIGTERM, or when the run is aborted; a second request aborts the run, so a third ends the
   * process at once (src/cli.ts). Call `release` once the server is closed.
   */
  stopRequest(): { requested: Promise<void>; release: () => void } {
    let asked = false
    let resolve = () => {}
    const requested = new Promise<void>((r) => {
      resolve = r
    })
    const release = this.onInterrupt(() => {
      if (asked) this.abort.abort()
      asked = true
      resolve()
    })
    const signal = this.abort.signal
    if (signal.aborted) resolve()
    else signal.addEventListener('abort', () => resolve(), { once: true })
    return { requested, release }
  }

  /** Throws CancelledError if the run was interrupted. */
  checkCancelled(): void {
    if (this.abort.signal.aborted) throw new CancelledError()
  }

  /** Registers work for the end of the run (closing connections, stopping an emulator). */
  defer(fn: () => Promise<void> | void): void {
    this.cleanups.push(fn)
  }

  /** Runs the deferred work, last registered first. */
  async cleanup(): Promise<void> {
    for (const fn of this.cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {})
  }
}

/** The value `f` finds, or undefined when it throws (a bad value is reported by settings(), not here). */
async function tryResolve<T>(f: () => Promise<{ value: T } | undefined>): Promise<T | undefined> {
  try {
    return (await f())?.value
  } catch {
    return undefined
  }
}
