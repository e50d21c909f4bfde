// What the credential code needs of a run, named here so that auth/ depends on nothing above it: the Context
// (src/context.ts) is one of these, and passes itself; auth never imports it (the Context loads auth through
// src/api-core.ts, so an import back would close a circle).
import type { HttpClient } from '../api/request.js'
import type { Redactor } from '../api/redact.js'
import type { Settings, Sourced } from '../config/resolve.js'

/** The run, as the credential code sees it. */
export interface AuthRun {
  readonly env: NodeJS.ProcessEnv
  readonly globals: { readonly apiKeyFile?: string | undefined }
  /** --emulator's demo key, when the run talks to the embedded emulator */
  readonly emulator?: { readonly apiKey: string } | undefined
  /** every secret the run learns is added, so that no output, trace or error shows it */
  readonly redactor: Redactor
  configDir(): string
  profile(): Sourced<string>
  /** the run's settings (its base URL: where a stored credential may go) */
  settings(): Promise<Settings>
  /** a note for the user on stderr */
  info(line: string): void
  now(): number
  debug(line: string): void
  /** the run's HTTP client (timeouts, retries, --debug trace, proxies) */
  http(): Promise<HttpClient>
}
