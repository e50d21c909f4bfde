// What `agentry __complete <words…>` answers from the command tree alone (commands, flags, declared choices, the
// `:files` directive), and what it must ask for (ids from the service, saved profiles). It imports nothing: the
// build bundles it with the whole command tree as dist/complete.cjs, which bin/agentry.cjs loads for a TAB, so that
// completing a command or flag name loads neither commander nor the CLI (docs/architecture.md, "Start-up budget").

/** One option of a command as completion sees it. */
export interface OptionNode {
  long?: string
  short?: string
  hidden?: boolean
  /** takes a value that must follow it (`--page <n>`); an optional value (`--scope [s]`) does not wait for one */
  required?: boolean
  /** the value's name in the flags (`<agentId>` → agentId) */
  valueName?: string
  /** declared or known values (`--status`, `-o`) */
  choices?: readonly string[]
}

/** One command, its options, arguments and subcommands: plain data, built from commander (tree.ts). */
export interface CommandNode {
  name: string
  aliases?: string[]
  hidden?: boolean
  options: OptionNode[]
  args: { name: string; choices?: readonly string[] }[]
  commands: CommandNode[]
}

/** What the last word completes to: a list, or values to fetch (`current` is the part typed, `prefix` goes before each). */
export type Answer =
  | { kind: 'list'; values: string[] }
  | { kind: 'ids'; name: string; current: string; prefix: string }
  | { kind: 'profiles'; current: string; prefix: string }

/** The line that asks the script to complete file names. */
const filesDirective = ':files'

/** Argument and flag names that take a local path. */
const pathLike = /^(path|file|image|dir|out|data-file|input-file|api-key-file|results|junit|save)$/i

/** The kinds of id the service can list (an argument named <agentId>, <agent>, …). */
export const idKinds = [
  'agentid',
  'agent',
  'scenarioid',
  'webhookid',
  'scheduleid',
  'keyid',
  'siteid',
  'modelid',
  'team',
] as const

/** The option of `cmd` (or of the program) a word names, `--flag` or `-f`. */
function findOption(cmds: CommandNode[], word: string): OptionNode | undefined {
  const name = word.split('=')[0]
  for (const c of cmds) for (const o of c.options) if (o.long === name || o.short === name) return o
  return undefined
}

/** Where the words lead: the command reached, how many operands it has been given, the option awaiting a value. */
function walk(program: CommandNode, words: string[]) {
  let cmd = program
  let operands = 0
  let pending: OptionNode | undefined
  let afterDashes = false
  for (const w of words) {
    if (pending) {
      pending = undefined
      continue
    }
    if (!afterDashes && w === '--') afterDashes = true
    else if (!afterDashes && w.startsWith('-') && w !== '-') {
      const o = findOption([cmd, program], w)
      if (o?.required && !w.includes('=')) pending = o
    } else {
      const sub = cmd.commands.find((c) => c.name === w || c.aliases?.includes(w))
      if (sub && operands === 0) cmd = sub
      else operands++
    }
  }
  return { cmd, operands, pending }
}

const list = (values: string[]): Answer => ({ kind: 'list', values })

/** Candidates for the last word, given the words before it (all after `agentry`). */
export function answer(program: CommandNode, words: string[]): Answer {
  const current = words.at(-1) ?? ''
  const { cmd, operands, pending } = walk(program, words.slice(0, -1))
  const matching = (xs: readonly string[]) => [...new Set(xs)].filter((x) => x.startsWith(current))
  if (pending) return optionValues(pending, current, '')
  if (current.startsWith('-')) {
    if (current.includes('=')) {
      const o = findOption([cmd, program], current)
      if (!o) return list([])
      const head = current.slice(0, current.indexOf('=') + 1)
      return optionValues(o, current.slice(head.length), head)
    }
    const flags = [cmd, ...(cmd === program ? [] : [program])].flatMap((c) =>
      c.options.filter((o) => !o.hidden).flatMap((o) => [o.long, o.short].filter((x): x is string => Boolean(x))),
    )
    return list(matching([...flags.filter((f) => f.startsWith('--')), ...flags.filter((f) => !f.startsWith('--'))]))
  }
  const subs = cmd.commands.filter((c) => !c.name.startsWith('__') && c.name !== 'help' && !c.hidden)
  if (subs.length && operands === 0) return list(matching(subs.map((c) => c.name)))
  const arg = cmd.args[Math.min(operands, cmd.args.length - 1)]
  if (!arg) return list([])
  if (arg.choices) return list(matching(arg.choices))
  if (pathLike.test(arg.name)) return list([filesDirective])
  return isIdKind(arg.name) ? { kind: 'ids', name: arg.name, current, prefix: '' } : list([])
}

/** The values a flag may take: its declared or known choices, saved profiles, files, or ids (after `prefix`). */
function optionValues(o: OptionNode, current: string, prefix: string): Answer {
  const long = o.long ?? ''
  if (o.choices) return list(o.choices.filter((x) => x.startsWith(current)).map((v) => prefix + v))
  if (long === '--profile') return { kind: 'profiles', current, prefix }
  const valueName = o.valueName ?? ''
  if (pathLike.test(valueName) || pathLike.test(long.replace(/^--/, ''))) return list([filesDirective])
  return isIdKind(valueName) ? { kind: 'ids', name: valueName, current, prefix } : list([])
}

function isIdKind(name: string): boolean {
  return (idKinds as readonly string[]).includes(name.toLowerCase())
}

/** The lines printed for some candidates: one a line, none with spaces (a shell would split them), each shown by `show`. */
export function candidateLines(values: string[], show: (c: string) => string = (c) => c): string {
  return values
    .filter((c) => /^\S+$/.test(c))
    .map((c) => `${show(c)}\n`)
    .join('')
}

/**
 * The lines for `__complete -- <words…>` when the tree alone answers; undefined when the service or the saved
 * profiles must be asked (the CLI then runs `__complete` itself).
 * @public the build's dist/complete.cjs exports it with the whole tree, for bin/agentry.cjs
 */
export function staticLines(tree: CommandNode, words: string[]): string | undefined {
  const a = answer(tree, words)
  return a.kind === 'list' ? candidateLines(a.values) : undefined
}
