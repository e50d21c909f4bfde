// The verbs that have one shape across groups, declared once: `list|ls` or another list verb (a page of the account's items, every page
// with --all, through the one list presenter; the list itself is declared in src/lists/declared.ts, which the MCP
// server's list tools come from too), `get` (one item, printed as the service gave it) and `delete|rm` (asks first
// on a terminal, --yes otherwise). A command of one of these shapes is its path, words and library call.
import type { AccountList } from '../lists/declared.js'
import type { Field } from '../io/output.js'
import type { AgentryClient } from '../sdk/client.js'
import { confirmDestructive } from './confirm.js'
import { type ArgSpec, type ArgsSpec, arg, defineCommand, type Parsed } from './define.js'
import { printList } from './list-notes.js'
import { listOptions } from './list-options.js'
import { flag } from './options.js'

/** What every preset is declared with. */
interface VerbWords<A extends ArgsSpec> {
  path: readonly string[]
  summary: string
  args: A
  examples: readonly string[]
}

/** An argument `<id>` of a list (the ids it lives under). */
type ParamArg = ArgSpec<`<${string}>`>

/**
 * The aliases of a list verb: those declared, else `ls` for a group's own `list` only, so that a second list verb
 * of a group (`webhook deliveries` beside `webhook list`) never takes `ls` too. A clash of names in a group stops
 * `npm run gen` (scripts/gen/commands.ts), before any build.
 */
function listAliases(path: readonly string[], aliases: readonly string[] | undefined): readonly string[] {
  return aliases ?? (path[path.length - 1] === 'list' ? ['ls'] : [])
}

/**
 * `<group> <verb> <ids…>`: a list of the account (src/lists/declared.ts: its summary, ids and library call) with
 * `--page`, `--limit`, `--all`, printed as a table of `fields`. The verb `list` is also `ls` unless `aliases` says
 * otherwise; any other verb has only the aliases given.
 */
export function listCommand<T, P extends string>(
  list: AccountList<T, P>,
  words: { path: readonly string[]; aliases?: readonly string[]; examples: readonly string[]; fields: Field<T>[] },
) {
  const names = Object.keys(list.params) as P[]
  const args = Object.fromEntries(names.map((k) => [k, arg(`<${k}>`, list.params[k])])) as Record<P, ParamArg>
  const aliases = listAliases(words.path, words.aliases)
  return defineCommand<Record<P, ParamArg>, typeof listOptions>({
    path: words.path,
    ...(aliases.length > 0 ? { aliases } : {}),
    summary: list.summary,
    ...(names.length > 0 ? { args } : {}),
    options: listOptions,
    examples: words.examples,
    run: async (opts, ctx) => {
      const params = Object.fromEntries(names.map((k) => [k, String(opts[k])])) as Record<P, string>
      const items = list.list(await ctx.sdk(), params, { page: opts.page, limit: opts.limit })
      await printList(ctx, items, opts, words.fields, list.noun)
    },
  })
}

/** `<group> get <id…>`: one item, as the service gave it. */
export function getCommand<const A extends ArgsSpec>(
  def: VerbWords<A> & { get: (sdk: AgentryClient, args: Parsed<A, NoOptions>) => Promise<unknown> },
) {
  return defineCommand<A, NoOptions>({
    path: def.path,
    summary: def.summary,
    args: def.args,
    examples: def.examples,
    run: async (args, ctx) => {
      await ctx.output().item(await def.get(await ctx.sdk(), args))
    },
  })
}

type NoOptions = Record<never, never>

const deleteOptions = { yes: flag('-y, --yes', 'do not ask') }

/**
 * `<group> delete|rm <id…> [--yes]`: asks `question` first on a terminal (a "no" prints "not deleted", exit 0),
 * deletes, then says `done` on stderr. `check` refuses a bad argument before anything is asked.
 */
export function deleteCommand<const A extends ArgsSpec>(
  def: VerbWords<A> & {
    check?: (args: Parsed<A, NoOptions>) => void
    question: (args: Parsed<A, NoOptions>) => string
    delete: (sdk: AgentryClient, args: Parsed<A, NoOptions>) => Promise<unknown>
    done: (args: Parsed<A, NoOptions>) => string
  },
) {
  return defineCommand<A, typeof deleteOptions>({
    path: def.path,
    aliases: ['rm'],
    summary: def.summary,
    args: def.args,
    options: deleteOptions,
    examples: def.examples,
    run: async (opts, ctx) => {
      def.check?.(opts)
      await confirmDestructive(ctx, opts.yes, def.question(opts))
      await def.delete(await ctx.sdk(), opts)
      ctx.info(def.done(opts))
    },
  })
}
