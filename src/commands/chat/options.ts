// The options of `agentry chat` (commands.md) parsed with zod, the output format, and where the message comes from.
import * as z from 'zod'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { readAllStdin } from '../../io/iostreams.js'

const positiveInt = (flag: string) =>
  z
    .string()
    .regex(/^\d+$/, `${flag} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1, `${flag} must be 1 or more`)

/** Raw options of `chat`, as commander gives them. */
export const chatOptionsSchema = z.object({
  message: z.string().optional(),
  system: z.string().optional(),
  maxTokens: positiveInt('--max-tokens').optional(),
  tools: z.string().min(1).optional(),
  toolHandler: z.string().trim().min(1, 'give a command').optional(),
  mcp: z.array(z.string().trim().min(1, '--mcp: give a command line')).default([]),
  approveTools: z.boolean().default(false),
  toolTimeout: z
    .string()
    .regex(/^\d+(\.\d+)?$/, '--tool-timeout is in seconds, e.g. 30')
    .transform((s) => Math.round(Number(s) * 1000))
    .refine((ms) => ms > 0, '--tool-timeout must be more than 0')
    .default(60_000),
  image: z.array(z.string().min(1)).default([]),
  chat: z.string().min(1).optional(),
  newChat: z.boolean().default(false),
  stream: z.boolean().default(true),
  save: z.string().min(1).optional(),
  resume: z.string().min(1).optional(),
  continue: z.boolean().default(false),
  cid: z.string().min(1).optional(),
  /** false with --no-stdin: piped stdin is never read */
  stdin: z.boolean().default(true),
})
export type ChatOptions = z.infer<typeof chatOptionsSchema>

/** The output formats of `chat` (commands.md). */
export const chatFormats = ['text', 'json', 'ndjson'] as const
export type ChatFormat = (typeof chatFormats)[number]

/** The output format of `chat`: `--json`, `-o text|json|ndjson`, default text (not the table/TSV of lists). */
export function chatFormat(ctx: Context): ChatFormat {
  const g = ctx.globals
  const chosen = g.json ? 'json' : g.output
  if (chosen === undefined) return 'text'
  if (!(chatFormats as readonly string[]).includes(chosen))
    throw new UsageError(`chat: --output ${chosen} is not one of ${chatFormats.join(', ')}`, 'e.g. --output ndjson')
  return chosen as ChatFormat
}

/**
 * Where the message of a one-shot run comes from, or `interactive`. The message is `-m <text>` or the words after
 * the agent id; then piped stdin (unless --no-stdin) is context appended to it: the message, a blank line, then
 * stdin's text as it is (not fenced: the text may hold fences of its own). `-m -` reads the message from stdin;
 * without a message, piped stdin is the message; with neither, a terminal gets the interactive chat.
 */
export async function messageSource(
  ctx: Context,
  opts: ChatOptions,
  words: string[] = [],
): Promise<{ text: string } | 'interactive'> {
  if (opts.message !== undefined && words.length > 0)
    throw new UsageError(
      `the message is given twice: -m and the words "${words.join(' ')}"`,
      'give it as words after the agent id or with -m, not both',
    )
  const typed = opts.message !== undefined && opts.message !== '-' ? opts.message : words.join(' ') || undefined
  if (typed !== undefined) {
    if (typed.trim() === '') throw new UsageError('-m: the message is empty')
    if (!opts.stdin || ctx.io.stdinIsTTY) return { text: typed }
    const context = (await readAllStdin(ctx.io)).toString('utf8')
    return { text: context.trim() === '' ? typed : withContext(typed, context) }
  }
  if (opts.message === '-' || (opts.stdin && !ctx.io.stdinIsTTY)) {
    const text = (await readAllStdin(ctx.io)).toString('utf8')
    if (text.trim() === '') throw new UsageError('the message on stdin is empty', 'pipe some text, or pass -m <text>')
    return { text }
  }
  if (!ctx.io.stdoutIsTTY || !ctx.io.stdinIsTTY)
    throw new UsageError(
      'no message: pass -m <text>, words after the agent id, or pipe it on stdin',
      'the interactive chat needs a terminal on stdin and stdout',
    )
  return 'interactive'
}

/** The message with piped stdin as its context: the message, a blank line, stdin's text (one newline at most). */
export function withContext(message: string, context: string): string {
  return `${message}\n\n${context.replace(/\n$/, '')}`
}

/** An interactive chat: stdin and stdout are terminals and no message was given (-m or words). */
export function isInteractive(ctx: Context, opts: ChatOptions, words: string[] = []): boolean {
  return opts.message === undefined && words.length === 0 && ctx.io.stdinIsTTY && ctx.io.stdoutIsTTY
}

/**
 * The agent: the argument, else the profile's default agent (AGENTRY_AGENT, `config set default-agent`), else — in
 * an interactive chat — the one the user picks from the account's agents. A script gets a usage error instead.
 */
export async function chatAgent(ctx: Context, arg: string | undefined, interactive: boolean): Promise<string> {
  if (arg) return arg
  const settings = await ctx.settings()
  const fallback = settings.defaultAgent?.value
  if (typeof fallback === 'string' && fallback !== '') return fallback
  if (interactive) {
    const { pickAgent } = await import('../../chat/interactive/index.js')
    return pickAgent(ctx)
  }
  throw new UsageError(
    'which agent? name it: agentry chat <agentId>, or set AGENTRY_AGENT',
    'list them with `agentry agents list`; keep one with: agentry config set default-agent <id>',
  )
}
