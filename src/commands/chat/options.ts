// The options of `agentry chat` (commands.md) as declared option kinds (src/commands/options.ts), the output
// format, and where the message comes from.
import { type ChatFormat, chatFormats } from '../../chat/format.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { readStdinText } from '../../io/iostreams.js'
import { chatModes } from '../../api/chat-modes.js'
import { nonEmpty } from '../non-empty.js'
import { choice, custom, decimal, flag, int, list, type OptionSpec, text, type ValueOf } from '../options.js'
import { typedMessage } from '../typed-message.js'

/** A repeatable option whose values are command lines: each trimmed, an empty one refused. */
function commandLines(spec: OptionSpec<string[]>): OptionSpec<string[]> {
  return {
    ...spec,
    parse: (raw, flag) =>
      spec.parse(raw, flag).map((v) => {
        if (v.trim() === '') throw new UsageError(`${flag}: give a command line`)
        return v.trim()
      }),
  }
}

/** A repeatable option whose values name environment variables (never `NAME=value`: a value in argv is seen by all). */
function envNames(spec: OptionSpec<string[]>): OptionSpec<string[]> {
  return {
    ...spec,
    parse: (raw, flag) =>
      spec.parse(raw, flag).map((v) => {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v))
          throw new UsageError(`${flag} ${v}: give the name of an environment variable, not its value`)
        return v
      }),
  }
}

/** The options of `chat`, in the order --help lists them. */
export const chatOptions = {
  message: text('-m, --message <text>', 'send this message and print the answer (one-shot); "-" reads it from stdin'),
  system: text('--system <text>', 'extra system prompt for this conversation (stateless chats)'),
  maxTokens: int('--max-tokens <n>', "most tokens in the answer, from 1 (overrides the agent's default)", { min: 1 }),
  tools: text('--tools <file.json>', 'function tools the agent may call: a JSON array of tool definitions', {
    nonEmpty: true,
  }),
  toolHandler: custom(
    '--tool-handler <command>',
    'run this shell command for each tool call: arguments JSON on stdin, stdout is the result',
    (v, flag) => {
      if (v.trim() === '') throw new UsageError(`${flag}: give a command`)
      return v.trim()
    },
  ),
  toolEnv: envNames(
    list(
      '--tool-env <name>',
      'hand this environment variable to the tool handler although it holds a secret (AGENTRY_API_KEY…); repeatable',
    ),
  ),
  toolTimeout: decimal('--tool-timeout <seconds>', 'stop a tool handler that runs longer, at most 86400 (default 60)', {
    above: 0,
    max: 86_400,
    unit: 'seconds',
    default: 60,
  }),
  mcp: commandLines(
    list('--mcp <command>', 'offer the tools of a local MCP server (stdio): its command line; repeatable'),
  ),
  approveTools: flag('--approve-tools', 'run MCP tool calls without asking (needed without a terminal)'),
  image: list(
    '--image <path|url>',
    'attach an image (PNG, JPEG, GIF, WebP up to 20 MiB, or an http(s) URL); repeatable',
    { nonEmpty: true },
  ),
  attach: list(
    '--attach <file>',
    'upload a file with the message to a stateful chat (--new-chat or --chat): .txt .md .csv .json .pdf, images… up to 20 MiB; repeatable',
    { nonEmpty: true },
  ),
  // commander refuses the stateful flags together, and with --resume (a stateless transcript)
  chat: {
    ...text('--chat <chatId>', 'continue a stateful chat kept by the service', { nonEmpty: true }),
    conflicts: ['newChat', 'resume'],
  },
  newChat: {
    ...flag('--new-chat', 'start a stateful chat: its id, a UUID made here, is printed on stderr'),
    conflicts: ['resume'],
  },
  stream: flag('--no-stream', 'ask for the whole answer at once (same output)'),
  finalNewline: flag('--no-final-newline', "piped text: the answer's bytes exactly, no newline added at its end"),
  save: text('--save <file>', 'append the conversation to a transcript: JSON lines for .jsonl, Markdown for .md', {
    nonEmpty: true,
  }),
  resume: text('--resume <file.jsonl>', 'continue the conversation of a JSONL transcript (stateless)', {
    nonEmpty: true,
  }),
  continue: flag(
    '-c, --continue',
    'continue the last conversation of the local log (of the named agent, if one is named)',
  ),
  cid: text('--cid <id>', 'continue this conversation of the local log (agentry logs list)', { nonEmpty: true }),
  // models as chat targets: a model chat is stateless, sent to the account's default agent
  model: {
    ...custom(
      '--model <modelId>',
      'chat with this model directly, not an agent (stateless; see: agentry models list)',
      nonEmpty('give a model id (see: agentry models list)'),
    ),
    conflicts: ['chat', 'newChat'],
  },
  mode: choice('--mode <mode>', 'how the service works on each turn, passed through (inferred)', chatModes),
  listTargets: flag('--list-targets', 'list the agents and models to chat with, and exit'),
  /** false with --no-stdin: piped stdin is never read */
  stdin: flag('--no-stdin', 'never read stdin (no context appended, not the message)'),
}

/** The options of `chat`, parsed. */
export type ChatOptions = { [K in keyof typeof chatOptions]: ValueOf<(typeof chatOptions)[K]> }

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
  const typed = typedMessage(opts.message, words)
  if (typed !== undefined) {
    if (!opts.stdin || ctx.io.stdinIsTTY) return { text: typed }
    const context = await readStdinText(ctx.io)
    return { text: context.trim() === '' ? typed : withContext(typed, context) }
  }
  if (opts.message === '-' || (opts.stdin && !ctx.io.stdinIsTTY)) {
    const text = await readStdinText(ctx.io)
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
