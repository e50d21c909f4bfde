// `agentry chat [agentId]` (commands.md, issue 4): interactive on a terminal, one-shot with -m or piped stdin.
import { Command, Option } from 'commander'
import type { ToolDefinition } from '../../api/schemas/index.js'
import type { ChatSession, ChatSessionOptions } from '../../chat/session.js'
import type { Context } from '../../context.js'
import type { ChatMcp } from '../../mcp/chat-tools.js'
import { ApiError, CliError, ExitCode, UsageError } from '../../errors.js'
import { examples, parseOptions } from '../shared.js'
import { type ChatOptions, chatAgent, chatFormat, chatOptionsSchema, isInteractive, messageSource } from './options.js'

const collect = (v: string, prev: string[] = []) => [...prev, v]

/** Registers `chat`. */
export function register(program: Command, ctx: Context): void {
  const chat = new Command('chat')
    .description('Chat with an agent: interactive on a terminal, one-shot with -m or piped stdin')
    .argument('[agentId]', "the agent (default: env AGENTRY_AGENT or the profile's default-agent; else asked for)")
    .argument('[message...]', 'the message (as -m); piped stdin is then appended to it as context')
    .option('-m, --message <text>', 'send this message and print the answer (one-shot); "-" reads it from stdin')
    .option('--system <text>', 'extra system prompt for this conversation (stateless chats)')
    .option('--max-tokens <n>', "most tokens in the answer (overrides the agent's default)")
    .option('--tools <file.json>', 'function tools the agent may call: a JSON array of tool definitions')
    .option(
      '--tool-handler <command>',
      'run this shell command for each tool call: arguments JSON on stdin, stdout is the result',
    )
    .option('--tool-timeout <seconds>', 'stop a tool handler that runs longer (default 60)')
    .option('--mcp <command>', 'offer the tools of a local MCP server (stdio): its command line; repeatable', collect)
    .option('--approve-tools', 'run MCP tool calls without asking (needed without a terminal)')
    .option(
      '--image <path|url>',
      'attach an image (PNG, JPEG, GIF, WebP up to 20 MiB, or an http(s) URL); repeatable',
      collect,
    )
    .addOption(
      new Option('--chat <chatId>', 'continue a stateful chat kept by the service').conflicts(['newChat', 'resume']),
    )
    .addOption(new Option('--new-chat', 'start a stateful chat (its id is printed on stderr)').conflicts(['resume']))
    .option('--no-stream', 'ask for the whole answer at once (same output)')
    .option('--save <file.jsonl>', 'append the conversation to a JSONL transcript')
    .option('--resume <file.jsonl>', 'continue the conversation of a JSONL transcript (stateless)')
    .option('-c, --continue', 'continue the last conversation of the local log (of the named agent, if one is named)')
    .option('--cid <id>', 'continue this conversation of the local log (agentry logs list)')
    .option('--no-stdin', 'never read stdin (no context appended, not the message)')
    .addHelpText(
      'after',
      `
Output (-o, --output): text (default; piped, exactly the answer's bytes), json (one object at the end), ndjson
(events: start, reasoning, text, tool_call, tool_result, usage, error, done). Notes and errors go to stderr.
Exit codes: 0 done, 2 usage, 3 unknown agent, 4 auth, 5 tool calls nothing answered, 7 server error, 8 connection
dropped (the partial answer stays on stdout), 124 stream stalled (AGENTRY_IDLE_TIMEOUT seconds, default 60) or
not complete within a --timeout you set, 130 cancelled (Ctrl-C).
Ctrl-C cancels the answer on the server and keeps what arrived; a second Ctrl-C quits.`,
    )
    .action(async (agentArg: string | undefined, words: string[], raw: unknown) => {
      await chatRun(agentArg, parseOptions(chatOptionsSchema, raw), ctx, words)
    })
  examples(chat, [
    'agentry chat demo-assistant                          interactive',
    'agentry chat demo-assistant -m "hello"               one-shot; the answer on stdout',
    'agentry chat demo-assistant what is a webhook        the same: words after the agent id',
    'cat notes.md | agentry chat ag_1 summarize this      stdin appended to the message as context',
    'agentry chat -c                                      continue the last conversation (agentry logs list)',
    'git diff | agentry chat reviewer --system "Review this diff"',
    'agentry chat ag_1 -m "weather in Paris" --tools tools.json --tool-handler ./weather.sh',
    'agentry chat ag_1 -m "describe" --image photo.png -o json | jq -r .message.content',
    'agentry chat ag_1 --new-chat -m "remember 42"; agentry chat ag_1 --chat <id> -m "what number?"',
    'agentry chat ag_1 -m "hi" --save talk.jsonl; agentry chat ag_1 --resume talk.jsonl --save talk.jsonl -m "more"',
  ])
  program.addCommand(chat)
}

/** Runs `chat`: builds the session, then the interactive UI or one-shot. */
export async function chatRun(
  agentArg: string | undefined,
  opts: ChatOptions,
  ctx: Context,
  words: string[] = [],
): Promise<void> {
  const format = chatFormat(ctx)
  const { prepareChatLog, hasUnsavedTurns, resumeCommand } = await import('./logging.js')
  const log = await prepareChatLog(ctx, opts, agentArg, words)
  const resumed = log.continuation
  const stateful = opts.chat !== undefined || opts.newChat || resumed?.chatId !== undefined
  if (stateful && opts.system !== undefined)
    throw new UsageError('--system applies to stateless chats', "a stateful chat uses the agent's own system prompt")
  // asked for (a picker) only when the chat will be interactive; a script must name it
  const agentId = await chatAgent(ctx, log.agentArg, isInteractive(ctx, opts, log.words))
  const source = await messageSource(ctx, opts, log.words)
  const [{ createChatSession }, { loadToolsFile }, { resolveImages }] = await Promise.all([
    import('../../chat/session.js'),
    import('../../chat/tools.js'),
    import('../../chat/images.js'),
  ])
  const fileTools = opts.tools !== undefined ? await loadToolsFile(opts.tools) : undefined
  const mcp = await (await import('../../mcp/chat-tools.js')).chatMcpTools(ctx, opts)
  const tools = mcp ? [...(fileTools ?? []), ...mcp.tools] : fileTools
  // checked (and read) before anything is sent, so a bad --image is a usage error, not a failed turn
  const images = (await resolveImages(opts.image)).map((i) => (i.type === 'image_url' ? i.image_url.url : ''))
  const sessionOptions: ChatSessionOptions = {
    ctx,
    agentId,
    system: opts.system ?? resumed?.system,
    maxTokens: opts.maxTokens,
    tools,
    toolHandler: opts.toolHandler,
    toolExecutor: mcp?.executor,
    toolTimeoutMs: opts.toolTimeout,
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
  if (source === 'interactive') await checkAgent(ctx, agentId)
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
    return runInteractiveUi(session, ctx, { images, tools, unsaved, mcp })
  }
  const { runOneShot } = await import('./oneshot.js')
  await runOneShot(session, source.text, images, format, ctx)
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
    tools: ToolDefinition[] | undefined
    unsaved: () => boolean
    mcp: ChatMcp | undefined
  },
): Promise<void> {
  const { runInteractive } = await import('../../chat/interactive/index.js')
  const { mcp } = opts
  const toolSources = new Map(mcp?.sources.map((t) => [t.definition.function.name, `MCP: ${t.server}`]))
  const code = await runInteractive(session, ctx, {
    images: opts.images,
    tools: opts.tools,
    unsaved: opts.unsaved,
    toolSources,
    bindToolApproval: mcp ? (ask) => mcp.bindAsk(ask) : undefined,
  })
  // 130 after Ctrl-C at an empty prompt: main() turns an aborted run into exit 130, with no error message
  if (code === ExitCode.cancelled) ctx.abort.abort()
  else if (code !== ExitCode.ok) throw new CliError('the interactive chat ended with an error', { exitCode: code })
}
