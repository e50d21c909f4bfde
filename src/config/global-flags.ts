// The global options (commands.md "Global"), each written once: commander's options (src/program.ts), the words
// that take a value (finding the command word in argv, the direct run of src/direct-run.ts), the type
// GlobalOptions and the settings' flags all come from this table. A global flag sets the setting of the same key
// (`--base-url` → baseUrl, src/config/settings.ts). No commander and no zod here: the direct run reads it without
// loading either.

/** One global option. */
interface GlobalFlag {
  /** commander's flags: `--base-url <url>`, `-q, --quiet`, `--no-color`; the key is commander's attribute name */
  flags: string
  help: string
  /** the allowed values (commander checks them and lists them in help) */
  choices?: readonly string[]
}

/** Every global option, in the order `agentry --help` lists them (after -V, --version). */
export const globalFlags = {
  profile: { flags: '--profile <name>', help: 'saved profile to use (env AGENTRY_PROFILE)' },
  baseUrl: {
    flags: '--base-url <url>',
    help: 'service base URL, e.g. https://host/api/v1beta (env AGENTRY_BASE_URL)',
  },
  account: { flags: '--account <id>', help: 'account id (env AGENTRY_ACCOUNT)' },
  apiKeyFile: {
    flags: '--api-key-file <path>',
    help: 'read the API key from this file (or env AGENTRY_API_KEY; never a flag value)',
  },
  json: { flags: '--json', help: 'output JSON (same as -o json)' },
  output: {
    flags: '-o, --output <format>',
    help: 'output format: table, json, ndjson, yaml, tsv (chat: text, json, ndjson)',
  },
  jq: { flags: '--jq <expression>', help: "filter the JSON output with jq; strings print raw (e.g. --jq '.[].id')" },
  timeout: {
    flags: '--timeout <seconds>',
    help: 'total request timeout in seconds, 0.1 to 86400, default 300 (env AGENTRY_TIMEOUT)',
  },
  retries: {
    flags: '--retries <n>',
    help: 'retries for idempotent requests, 0 to 10, default 2 (env AGENTRY_RETRIES)',
  },
  debug: { flags: '--debug', help: 'trace HTTP on stderr, secrets redacted (env AGENTRY_DEBUG)' },
  color: { flags: '--no-color', help: 'no colour (also NO_COLOR)' },
  errorFormat: {
    flags: '--error-format <format>',
    help: 'errors on stderr as text or json',
    choices: ['text', 'json'],
  },
  quiet: { flags: '-q, --quiet', help: 'no notes or progress on stderr' },
  emulator: { flags: '--emulator', help: 'start an in-process emulator with demo data and use it (no account needed)' },
} as const satisfies Record<string, GlobalFlag>

/** A global option's key (commander's attribute name: `--base-url` → baseUrl, `--no-color` → color). */
export type GlobalKey = keyof typeof globalFlags

/** The value a global option gives: one of its choices, a string when it takes a value, else on/off. */
type FlagValue<F extends GlobalFlag> = F extends { choices: readonly (infer C)[] }
  ? C
  : F['flags'] extends `${string}<${string}>`
    ? string
    : boolean

/** The global options of a run, as parsed (commander's, or the direct run's). */
export type GlobalOptions = { -readonly [K in GlobalKey]?: FlagValue<(typeof globalFlags)[K]> }

/** The spellings of a flag: `-o, --output <format>` → short `-o`, long `--output`, and whether it takes a value. */
export function spellingsOf(flags: string): { short: string | undefined; long: string; takesValue: boolean } {
  const words = flags.split(/[ ,|]+/)
  return {
    short: words.find((w) => /^-[^-]$/.test(w)),
    long: words.find((w) => w.startsWith('--')) ?? '',
    takesValue: flags.includes('<'),
  }
}

/** The long flag of a global option (`--base-url`), or undefined when `key` names none. */
export function globalFlagOf(key: string): string | undefined {
  return Object.hasOwn(globalFlags, key) ? spellingsOf(globalFlags[key as GlobalKey].flags).long : undefined
}

let valueSpellings: ReadonlySet<string> | undefined

/** Whether `arg` is a spelling (`-o`, `--output`, `--profile`…) of a global option that takes a value. */
export function takesGlobalValue(arg: string): boolean {
  valueSpellings ??= new Set(
    Object.values(globalFlags).flatMap((f: GlobalFlag) => {
      const s = spellingsOf(f.flags)
      return s.takesValue ? [s.long, ...(s.short ? [s.short] : [])] : []
    }),
  )
  return valueSpellings.has(arg)
}
