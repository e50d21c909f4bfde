// What `agentry chat` does once its options are parsed: the session (stateless, stateful, continued from the local
// log), then the interactive UI or one-shot mode.
import type { ToolDefinition } from '../../api/schemas/index.js'
import { checkAttachment, statelessAttachHint } from '../../chat/attachments.js'
import { chatTargets, defaultAgentId } from '../../chat/targets.js'
import type { ChatSession, ChatSessionOptions } from '../../chat/session.js'
import type { Context } from '../../context.js'
import { holdWasmTierUp } from '../../io/steady-heap.js'
import { ApiError, CliError, ExitCode, UsageError } from '../../errors.js'
import type { ChatMcp } from '../../mcp/chat-tools.js'
import { type ChatOptions, chatAgent, chatFormat, isInteractive, messageSource } from './options.js'

/** Runs `chat`: builds the session, then the interactive UI or one-shot. */
export async function chatRun(
  agentArg: string | undefined,
  opts: ChatOptions,
  ctx: Context,
  words: string[] = [],
): Promise<void> {
  if (opts.listTargets) return printTargets(ctx)
  // a model chat goes to the default agent: a word where the agent id stands is the message's first
  if (opts.model !== undefined && agentArg !== undefined) words = [agentArg, ...words]
  if (opts.model !== undefined) agentArg = defaultAgentId
  const format = chatFormat(ctx)
  const { prepareChatLog, hasUnsavedTurns, resumeCommand, whereKeptLines } = await import('./logging.js')
  const log = await prepareChatLog(ctx, opts, agentArg, words)
  const resumed = log.continuation
  const stateful = opts.chat !== undefined || opts.newChat || resumed?.chatId !== undefined
  if (opts.toolEnv.length > 0 && opts.toolHandler === undefined)
    throw new UsageError('--tool-env hands variables to the --tool-handler command: give --tool-handler too')
  if (opts.attach.length > 0 && !stateful) throw new UsageError(`--attach: ${statelessAttachHint}`)
  if (stateful && opts.system !== undefined)
    throw new UsageError('--system applies to stateless chats', "a stateful chat uses the agent's own system prompt")
  // asked for (a picker) only when the chat will be interactive; a script must name it
  const agentId = await chatAgent(ctx, log.agentArg, isInteractive(ctx, opts, log.words))
  const source = await messageSource(ctx, opts, log.words)
  const [{ createChatSession }, { resolveImages }] = await Promise.all([
    import('../../chat/session.js'),
    import('../../chat/images.js'),
  ])
  // the tools file (its schemas and zod) and the MCP client (its SDK, zod and ajv) load only when asked for: a chat
  // without tools loads neither (start-up budget)
  const fileTools =
    opts.tools !== undefined
      ? await (await import('../../chat/tools.js')).loadToolsFile(opts.tools, ctx.bodyLimit())
      : undefined
  const stored = (await ctx.settings()).mcpServers?.value
  const serverLines = [...opts.mcp, ...(Array.isArray(stored) ? stored : [])]
  const mcp =
    serverLines.length > 0
      ? await (await import('../../mcp/chat-tools.js')).chatMcpTools(ctx, opts, serverLines)
      : undefined
  const tools = mcp ? [...(fileTools ?? []), ...mcp.tools] : fileTools
  // checked (and read) before anything is sent, so a bad --image is a usage error, not a failed turn
  const images = (await resolveImages(opts.image)).map((i) => (i.type === 'image_url' ? i.image_url.url : ''))
  for (const path of opts.attach) await checkAttachment(path)
  const sessionOptions: ChatSessionOptions = {
    ctx,
    agentId,
    system: opts.system ?? resumed?.system,
    maxTokens: opts.maxTokens,
    model: opts.model,
    mode: opts.mode,
    tools,
    toolHandler: opts.toolHandler,
    toolEnv: opts.toolEnv,
    toolExecutor: mcp?.executor,
    toolTimeoutMs: Math.round(opts.toolTimeout * 1000),
    stream: opts.stream,
    chatId: opts.chat ?? resumed?.chatId,
    history: resumed?.history,
    log: log.recorder,
    newChat: opts.newChat,
    transcriptPath: opts.save,
    resumePath: opts.resume,
    // only the interactive chat and -o json read an answer after it has streamed out
    keepAnswerText: source === 'interactive' || format === 'json',
  }
  // the interactive chat opens no session for an agent that does not exist (one GET); a one-shot learns it from the
  // completion's 404 (round.ts), which costs nothing more
  if (source === 'interactive' && opts.model === undefined) await checkAgent(ctx, agentId)
  // before the first streamed answer loads undici's parser (steady-heap.ts says why)
  holdWasmTierUp()
  const session = await createChatSession(sessionOptions)
  ctx.defer(() => session.close())
  if (opts.newChat)
    ctx.info(`chat ${session.chatId} (continue it with: agentry chat ${agentId} --chat ${session.chatId})`)
  if (source === 'interactive') {
    const unsaved = () => hasUnsavedTurns(session, log, opts)
    // printed however the chat ends (an error included), once the UI has given the terminal back
    ctx.defer(() => {
      const resume = resumeCommand(session, log, opts)
      if (resume !== undefined) ctx.info(`resume with: ${resume}`)
    })
    const whereKept = () => whereKeptLines(session, log, opts)
    const recorder = log.recorder
    const logId = recorder && (() => recorder.nextConversationId)
    return runInteractiveUi(session, ctx, { images, attachments: opts.attach, tools, unsaved, whereKept, logId, mcp })
  }
  const { runOneShot } = await import('../../chat/oneshot.js')
  await runOneShot(session, source.text, { images, attachments: opts.attach }, format, ctx, !opts.finalNewline)
}

/** `chat --list-targets`: the agents and models to chat with; --json in the official shape {agents, models}. */
async function printTargets(ctx: Context): Promise<void> {
  const targets = await chatTargets(await ctx.sdk())
  const out = ctx.output()
  if (out.format === 'json' || out.format === 'yaml' || ctx.jqFilter()) return out.item(targets)
  await out.list(
    [...targets.agents, ...targets.models],
    [
      { header: 'TYPE', get: (t) => t.type },
      { header: 'ID', get: (t) => t.id },
      { header: 'NAME', get: (t) => t.name },
      { header: 'DESCRIPTION', get: (t) => t.description },
    ],
  )
}

/** Fails with exit 3 (and the hint to list them) when the agent does not exist; other failures wait for the chat. */
async function checkAgent(ctx: Context, agentId: string): Promise<void> {
  const { agentNotFound } = await import('../../chat/round.js')
  try {
    await (await ctx.sdk()).agents.get(agentId)
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw agentNotFound(err, agentId)
  }
}

/** Hands over to the interactive UI (src/chat/interactive/): it owns the terminal until the user leaves. */
async function runInteractiveUi(
  session: ChatSession,
  ctx: Context,
  opts: {
    images: string[]
    attachments: string[]
    tools: ToolDefinition[] | undefined
    unsaved: () => boolean
    whereKept: () => string[]
    logId: (() => string) | undefined
    mcp: ChatMcp | undefined
  },
): Promise<void> {
  const { runInteractive } = await import('../../chat/interactive/index.js')
  const { mcp } = opts
  const toolSources = new Map(mcp?.sources.map((t) => [t.definition.function.name, `MCP: ${t.server}`]))
  const code = await runInteractive(session, ctx, {
    images: opts.images,
    attachments: opts.attachments,
    tools: opts.tools,
    unsaved: opts.unsaved,
    whereKept: opts.whereKept,
    logId: opts.logId,
    toolSources,
    bindToolApproval: mcp ? (ask) => mcp.bindAsk(ask) : undefined,
  })
  // 130 after Ctrl-C at an empty prompt: main() turns an aborted run into exit 130, with no error message
  if (code === ExitCode.cancelled) ctx.abort.abort()
  else if (code !== ExitCode.ok) throw new CliError('the interactive chat ended with an error', { exitCode: code })
}
