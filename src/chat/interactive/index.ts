// The interactive chat on a terminal: `agentry chat [agentId]` when stdin and stdout are
// terminals and no -m is given. src/commands/chat/ builds the session and calls runInteractive; this module owns
// the terminal until it returns, and always gives it back as it found it.
import type { Agent, ToolDefinition } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import { UsageError } from '../../errors.js'
import { glyphsFor } from '../../io/glyphs.js'
import type { ChatSession } from '../session.js'
import { inputHistoryFile, stateDir } from '../../config/paths.js'
import { History, historyFile, moveHistory } from './history.js'
import { messageCount, recap } from './recap.js'
import { repl } from './repl.js'
import { oneLine } from './status.js'
import { createUiStyle, type UiStyle } from './style.js'
import { Terminal } from './terminal.js'
import { terminalToolApproval } from './tool-approval.js'

/** Options of the interactive chat, from `agentry chat`'s flags. */
export interface InteractiveOptions {
  /** tools given with --tools (listed by /tools next to the agent's own) */
  tools?: ToolDefinition[] | undefined
  /** where a tool of `tools` comes from when not --tools (e.g. "MCP: <command line>"), for /tools */
  toolSources?: ReadonlyMap<string, string> | undefined
  /** receives the chat's way of asking about a tool call once the terminal is set up (chat --mcp) */
  bindToolApproval?: ((ask: ReturnType<typeof terminalToolApproval>) => void) | undefined
  /** --image values, attached to the first message */
  images?: string[] | undefined
  /** --attach files, uploaded with the first message (a stateful chat) */
  attachments?: string[] | undefined
  /** highlight code blocks in answers (default true) */
  highlight?: boolean | undefined
  /** receives the time of each markdown render step in ms (benchmarks) */
  onRender?: ((ms: number) => void) | undefined
  /** does the conversation hold turns nothing keeps? (Ctrl-C at an empty prompt then asks first) */
  unsaved?: (() => boolean) | undefined
  /** where the conversation is kept and how to resume it (/info) */
  whereKept?: (() => string[]) | undefined
  /** the conversation's id in the local log, known before it is written (undefined: the log is off) */
  logId?: (() => string) | undefined
}

/** How long the banner waits for the agent's record before starting without its name. */
const agentInfoTimeoutMs = 1500

/** Runs the interactive chat until the user leaves; resolves to the exit code (0, or 130 after Ctrl-C). */
export async function runInteractive(
  session: ChatSession,
  ctx: Context,
  opts: InteractiveOptions = {},
): Promise<number> {
  const io = ctx.io
  const style = createUiStyle(io.colorStderr(), glyphsFor(ctx.env))
  const uiSink = io.stderrIsTTY ? io.stderr : io.stdout
  // held while a tool call is asked about: the spinner must not draw over the question
  let held = false
  const ui = (s: string) => {
    if (!held) uiSink.write(s)
  }
  const out = (s: string) => {
    io.stdout.write(s)
  }
  const term = new Terminal(io, ui)
  // SIGINT from outside (kill -INT) acts as the Ctrl-C key; the key itself arrives as \x03 in raw mode. While $EDITOR
  // has the terminal, it goes to the editor's hand-over (external-editor.ts).
  const releaseInterrupt = ctx.onInterrupt(() => term.interrupt())
  // raw mode at once, before the agent's record and the history are read: keys typed meanwhile are queued for the
  // prompt, not echoed and turned into lines by the tty driver
  term.start()
  try {
    const agentInfo = fetchAgent(ctx, session.agentId)
    const earlierInfo = earlierMessages(ctx, session)
    const historyPath = inputHistoryFile(stateDir(ctx.env))
    const history = await moveHistory(historyFile(ctx.configDir()), historyPath)
      .then(() => History.open(historyPath))
      .catch((err: Error) => {
        ctx.warn(`input history unavailable: ${err.message}`)
        return History.open(undefined)
      })
    const earlier = await earlierInfo
    ui(banner(await withTimeout(agentInfo, agentInfoTimeoutMs), session, style, earlier))
    ui(recap(earlier, style, io.columns()))
    opts.bindToolApproval?.(
      terminalToolApproval(
        term,
        (s) => uiSink.write(s),
        style,
        (on) => {
          held = on
        },
      ),
    )
    return await repl({
      session,
      term,
      history,
      style,
      ui,
      images: [...(opts.images ?? [])],
      attachments: [...(opts.attachments ?? [])],
      // /tools alone reads the agent's tools, with their zod schema (zod and every API schema: ~45 ms at start)
      tools: async () => {
        const { mergeToolLists, toolsOfAgent } = await import('./tools-list.js')
        return mergeToolLists(opts.tools ?? [], toolsOfAgent(await agentInfo), opts.toolSources)
      },
      warn: (m) => ctx.warn(m),
      env: ctx.env,
      unsaved: opts.unsaved,
      whereKept: opts.whereKept,
      logId: opts.logId,
      answer: {
        out,
        now: () => ctx.now(),
        animate: io.canAnimate(),
        highlight: opts.highlight ?? true,
        color: io.colorStdout(),
        glyphs: style.glyphs,
        cancel: () => session.cancel(),
        onRender: opts.onRender,
      },
    })
  } finally {
    term.close()
    releaseInterrupt()
  }
}

/** Asks which agent to chat with (`agentry chat` without an agent id, on a terminal). */
export async function pickAgent(ctx: Context): Promise<string> {
  const agents: Agent[] = await (await ctx.sdk()).agents.list().toArray()
  if (agents.length === 0) {
    throw new UsageError('this account has no agents to chat with', 'create one in the service, or try --emulator')
  }
  const prompter = await ctx.prompter('agentId')
  return prompter.select(
    'Chat with which agent?',
    agents.map((a) => ({
      name: a.name && a.name !== a.id ? `${a.name} (${a.id})` : a.id,
      value: a.id,
      ...(a.description ? { description: a.description } : {}),
    })),
  )
}

/** A resumed chat's messages: the --resume transcript, or a stateful chat's messages kept by the service. */
async function earlierMessages(ctx: Context, session: ChatSession): Promise<readonly unknown[]> {
  if (session.history.length > 0 || session.chatId === undefined) return session.history
  const chatId = session.chatId
  const read = (async () => (await ctx.sdk()).chats.messages(session.agentId, chatId))()
  return (await withTimeout(read, agentInfoTimeoutMs)) ?? []
}

/** The agent's record, or undefined when it cannot be read (the chat works without it). */
async function fetchAgent(ctx: Context, agentId: string): Promise<Agent | undefined> {
  try {
    return await (await ctx.sdk()).agents.get(agentId)
  } catch {
    return undefined
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(undefined), ms)
    p.then(
      (v) => {
        clearTimeout(t)
        resolve(v)
      },
      () => resolve(undefined),
    )
  })
}

function banner(agent: Agent | undefined, session: ChatSession, style: UiStyle, earlier: readonly unknown[]): string {
  const name = agent?.name && agent.name !== session.agentId ? `${agent.name} (${session.agentId})` : session.agentId
  const sep = style.dim(` ${style.glyphs.separator} `)
  const parts = [style.bold(`chat with ${oneLine(name)}`)]
  if (agent?.model) parts.push(style.dim(oneLine(agent.model)))
  if (session.chatId) parts.push(style.dim(`chat ${session.chatId}`))
  const n = messageCount(earlier)
  if (n > 0) parts.push(style.dim(`resumed: ${n} message${n > 1 ? 's' : ''}`))
  return `${parts.join(sep)}\n${style.dim('/help for commands and keys')}${sep}${style.dim('Ctrl-D to quit')}\n\n`
}
