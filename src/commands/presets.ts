// The verbs that have one shape across groups, declared once: `list|ls` (a page of the account's items, every page
// with --all, through the one list presenter), `get` (one item, printed as the service gave it) and `delete|rm`
// (asks first on a terminal, --yes otherwise). A command of one of these shapes is its path, words and library call.
import type { Field } from '../io/output.js'
import type { AgentryClient } from '../sdk/client.js'
import type { ItemList } from '../sdk/pages.js'
import { confirmDestructive } from './confirm.js'
import { type ArgSpec, type ArgsSpec, defineCommand, type Parsed } from './define.js'
import { printList } from './list-notes.js'
import { listOptions } from './list-options.js'
import { flag } from './options.js'

/** What every preset is declared with. */
interface VerbWords<A extends ArgsSpec> {
  path: readonly string[]
  summary: string
  args?: A
  examples: readonly string[]
}

type NoArgs = Record<never, ArgSpec>

/** `<group> list|ls [args]`: `--page`, `--limit`, `--all`; the items as a table of `fields` (`noun` in notes). */
export function listCommand<T, const A extends ArgsSpec = NoArgs>(
  def: VerbWords<A> & {
    fields: Field<T>[]
    noun: string
    list: (sdk: AgentryClient, opts: Parsed<A, typeof listOptions>) => ItemList<T>
  },
) {
  return defineCommand<A, typeof listOptions>({
    path: def.path,
    aliases: ['ls'],
    summary: def.summary,
    ...(def.args ? { args: def.args } : {}),
    options: listOptions,
    examples: def.examples,
    run: async (opts, ctx) => {
      await printList(ctx, def.list(await ctx.sdk(), opts), opts, def.fields, def.noun)
    },
  })
}

/** `<group> get <id…>`: one item, as the service gave it. */
export function getCommand<const A extends ArgsSpec>(
  def: VerbWords<A> & { args: A; get: (sdk: AgentryClient, args: Parsed<A, NoOptions>) => Promise<unknown> },
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
    args: A
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
