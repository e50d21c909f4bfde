// The candidates of `agentry __complete <words…>` (the shell scripts call it): commands, flags, a flag's declared
// choices, and ids fetched from the service within a short time limit, so that a slow service never blocks the
// prompt. The line `:files` asks the shell for file names (a flag or an argument that takes a path).
import type { Command, Option } from 'commander'
import type { Context } from '../../context.js'
import { outputFormats } from '../../io/output.js'
import { savedProfiles } from '../config/profile-exists.js'

/** The line that asks the script to complete file names. */
const filesDirective = ':files'
/** How long ids may take to arrive (ms): after that, no ids rather than a prompt that hangs. */
const idTimeoutMs = 1000

/** Values of flags that declare no choices but have a fixed set. */
const knownValues: Record<string, readonly string[]> = {
  '--output': [...outputFormats, 'text'],
  '--error-format': ['text', 'json'],
}

/** Argument and flag names that take a local path. */
const pathLike = /^(path|file|image|dir|out|data-file|input-file|api-key-file|results|junit|save)$/i

/** The list each kind of id comes from (an argument named <agentId>, <agent>, …). */
const idLists: Record<string, (sdk: Awaited<ReturnType<Context['sdk']>>) => AsyncIterable<{ id: string }>> = {
  agentid: (s) => s.agents.list({ limit: 100 }).firstPage(),
  agent: (s) => s.agents.list({ limit: 100 }).firstPage(),
  scenarioid: (s) => s.scenarios.list({ limit: 100 }).firstPage(),
  webhookid: (s) => s.webhooks.list({ limit: 100 }).firstPage(),
  scheduleid: (s) => s.schedules.list({ limit: 100 }).firstPage(),
  keyid: (s) => s.keys.list({ limit: 100 }).firstPage(),
  siteid: (s) => s.sites.list({ limit: 100 }).firstPage(),
}

/** The option of `cmd` (or of the program) a word names, `--flag` or `-f`. */
function findOption(cmds: Command[], word: string): Option | undefined {
  const name = word.split('=')[0]
  for (const c of cmds) for (const o of c.options) if (o.long === name || o.short === name) return o
  return undefined
}

/** Does the option take a value (`--page <n>`, `--scope [s]`)? */
const takesValue = (o: Option) => o.required || o.optional

/** Where the words lead: the command reached, how many operands it has been given, the option awaiting a value. */
function walk(program: Command, words: string[]) {
  let cmd = program
  let operands = 0
  let pending: Option | undefined
  let afterDashes = false
  for (const w of words) {
    if (pending) {
      pending = undefined
      continue
    }
    if (!afterDashes && w === '--') afterDashes = true
    else if (!afterDashes && w.startsWith('-') && w !== '-') {
      const o = findOption([cmd, program], w)
      if (o && takesValue(o) && !w.includes('=') && o.required) pending = o
    } else {
      const sub = cmd.commands.find((c) => c.name() === w || c.aliases().includes(w))
      if (sub && operands === 0) cmd = sub
      else operands++
    }
  }
  return { cmd, operands, pending }
}

/** The global options that choose where ids come from: the profile, the service, the account and the key file. */
const targetFlags = {
  '--profile': 'profile',
  '--base-url': 'baseUrl',
  '--account': 'account',
  '--api-key-file': 'apiKeyFile',
} as const

/**
 * The global options the completed line gives (`--profile p2`, `--account=acc`): ids are fetched as that line would
 * run, not from the default profile (issue 22 item 15). Words after `--` are operands.
 */
export function targetOf(words: string[]): Partial<Record<(typeof targetFlags)[keyof typeof targetFlags], string>> {
  const out: Partial<Record<(typeof targetFlags)[keyof typeof targetFlags], string>> = {}
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? ''
    if (w === '--') break
    const eq = w.indexOf('=')
    const name = (eq > 0 ? w.slice(0, eq) : w) as keyof typeof targetFlags
    if (!Object.hasOwn(targetFlags, name)) continue
    const value = eq > 0 ? w.slice(eq + 1) : words[++i]
    if (value !== undefined && value !== '') out[targetFlags[name]] = value
  }
  return out
}

/** Candidates for the last word, given the words before it (all after `agentry`). */
export async function complete(program: Command, words: string[], ctx: Context): Promise<string[]> {
  const current = words.at(-1) ?? ''
  const { cmd, operands, pending } = walk(program, words.slice(0, -1))
  const matching = (xs: readonly string[]) => [...new Set(xs)].filter((x) => x.startsWith(current))
  if (pending) return optionValues(pending, current, ctx)
  if (current.startsWith('-')) {
    if (current.includes('=')) {
      const o = findOption([cmd, program], current)
      if (!o) return []
      const head = current.slice(0, current.indexOf('=') + 1)
      return (await optionValues(o, current.slice(head.length), ctx)).map((v) => (v === filesDirective ? v : head + v))
    }
    const flags = [cmd, ...(cmd === program ? [] : [program])].flatMap((c) =>
      c.options.filter((o) => !o.hidden).flatMap((o) => [o.long, o.short].filter((x): x is string => Boolean(x))),
    )
    return matching([...flags.filter((f) => f.startsWith('--')), ...flags.filter((f) => !f.startsWith('--'))])
  }
  const subs = cmd.commands.filter((c) => !c.name().startsWith('__') && c.name() !== 'help' && !isHidden(c))
  if (subs.length && operands === 0) return matching(subs.map((c) => c.name()))
  const arg = cmd.registeredArguments[Math.min(operands, cmd.registeredArguments.length - 1)]
  if (!arg) return []
  if (arg.argChoices) return matching(arg.argChoices)
  const name = arg.name()
  if (pathLike.test(name)) return [filesDirective]
  return matching(await idsFor(name, ctx))
}

/** Is this command hidden from help (commander keeps the flag private)? */
function isHidden(c: Command): boolean {
  return (c as unknown as { _hidden?: boolean })._hidden === true
}

/** The values a flag may take: its declared choices, a known set, saved profiles, files, or ids. */
async function optionValues(o: Option, current: string, ctx: Context): Promise<string[]> {
  const long = o.long ?? ''
  const matching = (xs: readonly string[]) => xs.filter((x) => x.startsWith(current))
  if (o.argChoices) return matching(o.argChoices)
  const known = knownValues[long]
  if (known) return matching(known)
  if (long === '--profile') {
    return matching(await savedProfiles(ctx).catch(() => []))
  }
  const valueName = /[<[]([^>\]]+)[>\]]/.exec(o.flags)?.[1] ?? ''
  if (pathLike.test(valueName) || pathLike.test(long.replace(/^--/, ''))) return [filesDirective]
  const ids = idLists[valueName.toLowerCase()] ? await idsFor(valueName, ctx) : []
  return matching(ids)
}

/** Ids for an argument named like `agentId`, from the service; none after idTimeoutMs or on any failure. */
async function idsFor(name: string, ctx: Context): Promise<string[]> {
  const list = idLists[name.toLowerCase()]
  if (!list) return []
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => {
      ctx.abort.abort()
      resolve([])
    }, idTimeoutMs)
  })
  const fetch = (async () => {
    const ids: string[] = []
    for await (const item of list(await ctx.sdk())) ids.push(item.id)
    return ids
  })().catch(() => [] as string[])
  try {
    return await Promise.race([fetch, timeout])
  } finally {
    clearTimeout(timer)
  }
}
