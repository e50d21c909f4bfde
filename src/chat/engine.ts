// The chat session (API in session.ts): conversation state, turns with the tool loop, cancel on the server by
// request_id, and the transcript. Everything it asks of the service goes through the library (ctx.sdk()). A turn is an async generator driven by its consumer; what it adds to the history
// and the transcript is recorded as it completes, so a cancel, a drop or an early `break` keeps the partial answer.
import type { Context } from '../context.js'
import { UsageError } from '../errors.js'
import type { AgentryClient } from '../sdk/client.js'
import { resolveImages } from './images.js'
import { readAttachment, statelessAttachHint } from './attachments.js'
import { userMessage, withAttachments, withEarlierConversation } from './messages.js'
import { type Inflight, runTurn, type TurnDeps, type TurnState } from './run-turn.js'
import type { CancelOutcome, ChatMessage, ChatSession, ChatSessionOptions, ChatTurn, SendOptions } from './session.js'
import { checkTranscriptPath, TranscriptWriter, writeTranscript } from './transcript.js'
import { turnHandle } from './turn-handle.js'

/** Creates a session: a `--resume` transcript is read, and with `newChat` a chat id is made (a UUID: nothing is sent). */
export async function createChatSession(opts: ChatSessionOptions): Promise<ChatSession> {
  const { ctx } = opts
  if ((opts.chatId !== undefined || opts.newChat) && opts.resumePath !== undefined)
    throw new UsageError('--resume replays a stateless transcript; it cannot be used with --chat or --new-chat')
  if (opts.chatId !== undefined && opts.newChat) throw new UsageError('give --chat <id> or --new-chat, not both')
  // before anything is sent, so a bad --save is one usage error rather than a warning per message
  if (opts.transcriptPath !== undefined) await checkTranscriptPath(opts.transcriptPath)
  const sdk = await ctx.sdk()
  let history: ChatMessage[] = [...(opts.history ?? [])]
  let system = opts.system
  let resumedSystem: string | undefined
  if (opts.resumePath !== undefined) {
    const loaded = await (await import('./transcript-read.js')).readTranscript(opts.resumePath)
    for (const w of loaded.warnings) ctx.warn(w)
    history = loaded.messages
    resumedSystem = loaded.system
    system ??= loaded.system
  }
  let chatId = opts.chatId
  if (opts.newChat) chatId = sdk.chats.create(opts.agentId).id
  const continues = opts.transcriptPath !== undefined && opts.transcriptPath === opts.resumePath
  const transcript =
    opts.transcriptPath === undefined
      ? undefined
      : new TranscriptWriter(opts.transcriptPath, continues, continues ? resumedSystem : undefined)
  return new Session(ctx, sdk, opts, history, system, chatId, transcript)
}

class Session implements ChatSession {
  readonly agentId: string
  maxTokens: number | undefined
  private inflight: Inflight | undefined
  private turnOpen = false
  /** the conversation before toStateful(), sent ahead of the next message (then cleared) */
  private carried: { system: string | undefined; messages: ChatMessage[] } | undefined

  constructor(
    private readonly ctx: Context,
    private readonly sdk: AgentryClient,
    private readonly opts: ChatSessionOptions,
    private messages: ChatMessage[],
    public system: string | undefined,
    public chatId: string | undefined,
    private readonly transcript: TranscriptWriter | undefined,
  ) {
    this.agentId = opts.agentId
    this.maxTokens = opts.maxTokens
  }

  get history(): readonly ChatMessage[] {
    return this.messages
  }

  get busy(): boolean {
    return this.turnOpen
  }

  send(text: string, opts: SendOptions = {}): ChatTurn {
    const files = opts.attachments ?? []
    const chatId = this.chatId
    if (files.length > 0 && chatId === undefined) throw new UsageError(statelessAttachHint)
    const carried = this.carried
    this.carried = undefined
    return this.turn(async () => {
      const typed = userMessage(text, await resolveImages(opts.images ?? []))
      const message = carried ? withEarlierConversation(typed, carried.system, carried.messages) : typed
      // read now (a missing file fails the turn before anything is sent); the library uploads them before the message
      return [withAttachments(message, await Promise.all(files.map((path) => readAttachment(path))))]
    })
  }

  sendToolResults(results: { tool_call_id: string; content: string }[]): ChatTurn {
    const last = this.messages.findLast((m) => m.role === 'assistant')
    const calls = last?.role === 'assistant' ? (last.tool_calls ?? []) : []
    const messages: ChatMessage[] = results.map((r) => {
      const call = calls.find((c) => c.id === r.tool_call_id)
      if (call === undefined) throw new UsageError(`no tool call ${r.tool_call_id} in the last answer`)
      return { role: 'tool', content: r.content, tool_call_id: r.tool_call_id, name: call.function.name }
    })
    return this.turn(async () => messages)
  }

  retry(): ChatTurn {
    if (this.chatId !== undefined) throw new UsageError('retry works on stateless chats; the service keeps this one')
    const at = this.messages.findLastIndex((m) => m.role === 'user')
    const user = this.messages[at]
    if (user === undefined) throw new UsageError('nothing to retry yet')
    this.guard()
    this.messages = this.messages.slice(0, at)
    this.opts.log?.truncate(this, at)
    // the transcript gets the conversation again without the dropped answer, so --resume sees what was sent
    if (this.transcript) {
      this.transcript.reset()
      void this.transcript
        .append(
          this.system,
          this.messages.map((message) => ({ message })),
        )
        .catch((e) => this.warnWrite(e))
    }
    return this.turn(async () => [user])
  }

  async cancel(): Promise<CancelOutcome> {
    const f = this.inflight
    if (f === undefined) return { requestId: undefined, server: 'none' }
    f.cancelling = true
    f.tools.abort()
    const grace = this.opts.cancelGraceMs ?? 2000
    const stream = f.stream
    if (stream === undefined) {
      setTimeout(() => f.abort.abort(), grace).unref()
      return { requestId: undefined, server: 'none' }
    }
    const requestId = stream.requestId
    try {
      // the read goes on for the grace period, so the service's own `cancelled` chunk can end the answer
      const r = await stream.cancel({ graceMs: grace, signal: AbortSignal.timeout(Math.max(grace, 5000)) })
      return { requestId, server: r.answer, message: r.message }
    } catch (err) {
      // the local read still stops after the grace period, so the user gets the prompt back
      return { requestId, server: 'failed', message: (err as Error).message }
    }
  }

  toStateful(): string {
    if (this.chatId !== undefined) return this.chatId
    this.guard()
    if (this.messages.length > 0 || this.system !== undefined)
      this.carried = { system: this.system, messages: [...this.messages] }
    this.system = undefined
    this.chatId = this.sdk.chats.create(this.agentId).id
    return this.chatId
  }

  async reset(): Promise<void> {
    this.guard()
    this.messages = []
    this.carried = undefined
    this.transcript?.reset()
    this.opts.log?.restart()
    if (this.chatId !== undefined) this.chatId = this.sdk.chats.create(this.agentId).id
  }

  setSystem(text: string | undefined): void {
    if (text !== undefined && this.chatId !== undefined)
      throw new UsageError("a stateful chat uses the agent's own system prompt; --system is for stateless chats")
    this.system = text === '' ? undefined : text
  }

  setMaxTokens(n: number | undefined): void {
    if (n !== undefined && (!Number.isInteger(n) || n <= 0))
      throw new UsageError('max tokens must be a positive whole number')
    this.maxTokens = n
  }

  async save(path: string): Promise<void> {
    await writeTranscript(path, this.system, this.messages)
  }

  async close(): Promise<void> {
    if (this.inflight) await this.cancel()
    await this.transcript?.close()
  }

  private guard(): void {
    if (this.turnOpen) throw new UsageError('an answer is still streaming; cancel it first')
  }

  private warnWrite(err: unknown): void {
    this.ctx.warn(`could not write the transcript ${this.transcript?.path}: ${(err as Error).message}`)
  }

  private turn(first: () => Promise<ChatMessage[]>): ChatTurn {
    this.guard()
    this.turnOpen = true
    const state: TurnState = { added: [], usage: undefined, last: undefined, error: undefined, status: 'done' }
    const deps: TurnDeps = {
      ctx: this.ctx,
      sdk: this.sdk,
      opts: this.opts,
      session: this,
      state,
      setInflight: (f) => {
        this.inflight = f
      },
      push: (m) => this.messages.push(m),
      record: (entries) => {
        // the one place a completed message leaves the turn: the local log first (synchronous), then the transcript
        this.opts.log?.record(this, entries)
        return this.transcript?.append(this.system, entries).catch((e) => this.warnWrite(e)) ?? Promise.resolve()
      },
    }
    return turnHandle(
      () => runTurn(deps, first),
      state,
      () => {
        this.turnOpen = false
        this.inflight = undefined
      },
    )
  }
}
