// The per-run Context (after gh's factory): IO, settings, credential, API client, output, prompter, browser and
// clock, each built lazily on first use so that a command loads only what it needs. No module-level state.
import type { Dispatcher } from 'undici'
import type { ApiClient } from './api/client.js'
import { Redactor } from './api/redact.js'
import type { Credential } from './auth/credential.js'
import type { AgentryClient } from './sdk/client.js'
import { configDir } from './config/paths.js'
import type { Settings, Sourced } from './config/resolve.js'
import { CancelledError, UsageError } from './errors.js'
import type { IOStreams } from './io/iostreams.js'
import { Output, type OutputFormat, outputFormats } from './io/output.js'
import type { Prompter } from './io/prompter.js'

/** The global options of commands.md, as parsed by commander. */
export interface GlobalOptions {
  profile?: string
  baseUrl?: string
  account?: string
  json?: boolean
  output?: string
  timeout?: string
  retries?: string
  debug?: boolean
  color?: boolean
  errorFormat?: 'text' | 'json'
  quiet?: boolean
  emulator?: boolean
  apiKeyFile?: string
}

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
  version?: string
}

/** Everything a command may use. */
export class Context {
  readonly io: IOStreams
  readonly env: NodeJS.ProcessEnv
  readonly redactor = new Redactor()
  readonly version: string
  globals: GlobalOptions = {}
  /** aborted on Ctrl-C (unless a command takes over interrupts) */
  readonly abort = new AbortController()
  /** when set, Ctrl-C calls this instead of aborting the run (chat cancels the answer and keeps going) */
  interruptHandler: (() => void) | undefined
  /** overrides applied by --emulator (base URL, account, key) */
  overrides: { baseUrl?: string; account?: string; apiKey?: string } = {}
  private readonly init: ContextInit
  private readonly cleanups: (() => Promise<void> | void)[] = []
  private settingsCache: Promise<Settings> | undefined
  private credentialCache: Promise<Credential> | undefined
  private apiCache: Promise<ApiClient> | undefined
  private sdkCache: Promise<AgentryClient> | undefined
  private prompterCache: Prompter | undefined

  constructor(init: ContextInit) {
    this.init = init
    this.io = init.io
    this.env = init.env
    this.version = init.version ?? '0.0.0'
  }

  /** Milliseconds since the epoch (a seam for tests). */
  now(): number {
    return this.init.now ? this.init.now() : Date.now()
  }

  /** The config directory. */
  configDir(): string {
    return configDir(this.env)
  }

  /** The profile name and where it came from. */
  profile(): Sourced<string> {
    if (this.globals.profile) return { value: this.globals.profile, source: 'flag', origin: '--profile' }
    if (this.env.AGENTRY_PROFILE) return { value: this.env.AGENTRY_PROFILE, source: 'env', origin: 'AGENTRY_PROFILE' }
    return { value: 'default', source: 'default', origin: 'default' }
  }

  /** The resolved settings (flag > env > profile > default). */
  settings(): Promise<Settings> {
    this.settingsCache ??= (async () => {
      const [{ loadConfig }, { resolveSettings, validateSetting }] = await Promise.all([
        import('./config/store.js'),
        import('./config/resolve.js'),
      ])
      const profile = this.profile()
      const cfg = await loadConfig(this.configDir())
      const g = this.globals
      const flags: Record<string, unknown> = {}
      if (this.overrides.baseUrl) flags.baseUrl = this.overrides.baseUrl
      else if (g.baseUrl !== undefined) flags.baseUrl = validateSetting('baseUrl', g.baseUrl, '--base-url')
      if (this.overrides.account) flags.account = this.overrides.account
      else if (g.account !== undefined) flags.account = validateSetting('account', g.account, '--account')
      if (g.timeout !== undefined) flags.timeout = validateSetting('timeout', g.timeout, '--timeout')
      if (g.retries !== undefined) flags.retries = validateSetting('retries', g.retries, '--retries')
      return resolveSettings(flags, this.env, profile, cfg.profiles[profile.value])
    })()
    return this.settingsCache
  }

  /** The credential of this run. */
  credential(): Promise<Credential> {
    this.credentialCache ??= import('./auth/resolve-credential.js').then((m) => m.resolveCredential(this))
    return this.credentialCache
  }

  /** The API client, built on first use. */
  api(): Promise<ApiClient> {
    this.apiCache ??= (async () => {
      const [{ HttpClient }, { ApiClient }, settings, credential] = await Promise.all([
        import('./api/request.js'),
        import('./api/client.js'),
        this.settings(),
        this.credential(),
      ])
      const baseUrl = settings.baseUrl?.value as string | undefined
      if (!baseUrl)
        throw new UsageError(
          'no base URL is set',
          'pass --base-url https://host/api/v1beta, set AGENTRY_BASE_URL, run `agentry config set base-url <url>`, or try --emulator',
        )
      const http = new HttpClient({
        userAgent: `agentry/${this.version} node/${process.versions.node}`,
        timeoutMs: Number(settings.timeout?.value ?? 300) * 1000,
        idleTimeoutMs: Number(this.env.AGENTRY_IDLE_TIMEOUT ?? 60) * 1000,
        retries: Number(settings.retries?.value ?? 2),
        token: () => credential.token(),
        onUnauthorized: credential.onUnauthorized,
        redactor: this.redactor,
        trace: this.debugEnabled() ? (line) => this.debug(line) : undefined,
        dispatcher: this.init.dispatcher,
        signal: this.abort.signal,
      })
      this.defer(() => http.close())
      return new ApiClient(http, baseUrl, settings.account?.value as string | undefined)
    })()
    return this.apiCache
  }

  /** The resource layer (the public library's client) over this run's API client, built on first use. */
  sdk(): Promise<AgentryClient> {
    this.sdkCache ??= Promise.all([import('./sdk/client.js'), this.api()]).then(([{ clientFromApi }, api]) =>
      clientFromApi(api, Number(this.env.AGENTRY_IDLE_TIMEOUT ?? 60) * 1000),
    )
    return this.sdkCache
  }

  /** The output format: --json, -o, the profile's default, then table on a TTY and TSV when piped. */
  outputFormat(allowed: readonly string[] = outputFormats): OutputFormat {
    const g = this.globals
    const chosen = g.json ? 'json' : g.output
    if (chosen !== undefined) {
      if (!allowed.includes(chosen))
        throw new UsageError(
          `--output ${chosen} is not one of ${allowed.join(', ')}`,
          `e.g. --output ${allowed[1] ?? allowed[0]}`,
        )
      return chosen as OutputFormat
    }
    return Output.defaultFormat(this.io)
  }

  /** The data writer for stdout. */
  output(): Output {
    return new Output(this.io, this.outputFormat())
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
    const e = this.env.AGENTRY_DEBUG
    return Boolean(this.globals.debug || (e && e !== '0' && e !== 'false'))
  }

  /** Writes a line of the debug trace to stderr (secrets scrubbed again, as a last line of defence). */
  debug(line: string): void {
    if (this.debugEnabled()) this.io.stderr.write(`${this.redactor.text(line)}\n`)
  }

  /** Writes a note for the user to stderr (suppressed by --quiet). */
  info(line: string): void {
    if (!this.globals.quiet) this.io.stderr.write(`${line}\n`)
  }

  /** Writes a warning to stderr (always). */
  warn(line: string): void {
    this.io.stderr.write(`${this.io.colorStderr() ? '\x1b[33mwarning:\x1b[39m' : 'warning:'} ${line}\n`)
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
