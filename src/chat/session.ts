// The chat engine's public API: what `agentry chat` one-shot mode and the interactive UI
// (src/chat/interactive/) are built on. A session holds one conversation with one agent: stateless (the client keeps
// the history and sends all of it, service-interface 4.1) or stateful (the service keeps it, wire.md "Stateful
// chats"). Each `send` is one turn: one or more completions (more when a --tool-handler answers tool calls), whose
// events stream out as they arrive. Nothing here writes to the terminal; the caller renders the events.
import type { ToolExecutor } from './tool-handler.js'
import type { ToolDefinition, Usage } from '../api/schemas/index.js'
import type { ChatMode } from '../api/chat-modes.js'
import type { Context } from '../context.js'
import type { AgentryError, ErrorKind } from '../errors.js'
import type { TranscriptMeta } from './transcript.js'

/** A function tool call made by the assistant (service-interface 2.2). */
export interface ChatToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** A message of the conversation, in the wire shape (service-interface 2.1). */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ChatContentItem[] }
  | { role: 'assistant'; content: string; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string; name: string }

/** A content item of a user message: text, or an image URL (a data: URL for a local file). */
export type ChatContentItem = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }

/**
 * The events of a turn, in order. Per completion ("round"): `start`, then `text`/`tool_call` as they arrive, maybe
 * `usage`, then `done` — or `error` when it failed (then no `done` follows for that round, except an in-band
 * server error, which the service ends with a `done`). Between rounds of the tool loop: one `tool_result` per call.
 * `text` pieces are verbatim: joined they are the answer byte for byte (pieces from one network read are merged).
 * `reasoning` pieces are the model's thinking (OpenRouter `delta.reasoning`), never part of the answer's text.
 */
export type ChatEvent =
  | { type: 'start'; request_id: string; agent_id: string; chat_id?: string; round: number }
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool_call'; call: ChatToolCall }
  | { type: 'tool_result'; tool_call_id: string; name: string; content: string; ok: boolean; ms: number }
  | { type: 'usage'; usage: Usage }
  | { type: 'error'; message: string; code?: string; kind: ChatErrorKind; exit_code: number }
  | { type: 'done'; finish_reason: string | null }

/** What went wrong: `server` (an error event in the stream, a 5xx), `network` (connection dropped), and so on (src/errors.ts). */
type ChatErrorKind = ErrorKind

/** How a turn ended. `failed` keeps the partial answer too; `exitCodeOf(error)` is the exit code for one-shot mode. */
export interface TurnResult {
  status: 'done' | 'cancelled' | 'failed'
  /** finish_reason of the last completion: stop, length, tool_calls, cancelled, … (null when unknown) */
  finishReason: string | null
  /** request_id of the last completion (undefined if none was sent) */
  requestId: string | undefined
  /** the last assistant message (partial when cancelled or failed); `reasoning` is its thinking, apart ('' if none) */
  message: { role: 'assistant'; content: string; tool_calls: ChatToolCall[]; reasoning?: string }
  /** every message this turn added to the history, user message first */
  added: ChatMessage[]
  /** usage summed over the turn's completions (undefined if the server sent none) */
  usage: Usage | undefined
  /** set when status is failed: a known error, whose exit code (src/errors.ts exitCodeOf) tells auth (4), not found
   * (3), server (7), network (8)… */
  error: AgentryError | undefined
}

/**
 * One turn in flight: iterate it to drive it (events are pulled, so a slow consumer slows the read: back-pressure);
 * `result` settles (never rejects) once the iteration has ended. Iterating twice is an error. Leaving the loop
 * early (`break`) closes the connection, keeps the partial answer and ends the turn as cancelled; call
 * `session.cancel()` instead to cancel on the server and keep reading until its cancelled chunk.
 */
export interface ChatTurn extends AsyncIterable<ChatEvent> {
  readonly result: Promise<TurnResult>
}

/** Options of a user message. */
export interface SendOptions {
  /** local paths or http(s) URLs; local files become data: URLs (type by magic bytes, size limit) — see images.ts */
  images?: string[]
  /**
   * local files uploaded to the message before it is sent (a stateful chat only: the service keeps them with the
   * message); checked and read as the turn starts — see attachments.ts
   */
  attachments?: string[]
}

/** What `cancel()` did. `server` is the cancel endpoint's answer (wire.md): cancelled, already, not-found or failed. */
export interface CancelOutcome {
  requestId: string | undefined
  server: 'cancelled' | 'already-cancelled' | 'not-found' | 'failed' | 'none'
  message?: string
}

/**
 * Receives the conversation as it completes, for the local log (src/logs/recorder.ts): `record` with each message
 * as it is added to the history (with its answer facts), `truncate` when /retry drops the last exchange (`keep`
 * messages remain), `restart` when /new starts another conversation. It never throws.
 */
export interface ChatLogHook {
  record(session: ChatSession, entries: { message: ChatMessage; meta?: TranscriptMeta }[]): void
  truncate(session: ChatSession, keep: number): void
  restart(): void
}

/** How a session is made. Exactly one of stateless (default), `chatId` or `newChat`. */
export interface ChatSessionOptions {
  ctx: Context
  agentId: string
  /** extra system prompt (stateless): sent as a `system` message first; it supplements the agent's own prompt */
  system?: string | undefined
  maxTokens?: number | undefined
  /** with the agent `default`: the model to chat with directly (`chat --model`; stateless) */
  model?: string | undefined
  /** plan, ask or agent, sent as `mode` with each completion (`chat --mode`; inferred) */
  mode?: ChatMode | undefined
  /** function tools the agent may call (service-interface 2.3), e.g. from --tools file.json */
  tools?: ToolDefinition[] | undefined
  /** shell command run once per tool call: arguments JSON on stdin, stdout is the tool result (tool-handler.ts) */
  toolHandler?: string | undefined
  /** environment variables handed to toolHandler although they hold our secrets (--tool-env NAME) */
  toolEnv?: readonly string[] | undefined
  /** runs tool calls instead of toolHandler (e.g. local MCP servers, src/mcp/chat-tools.ts) */
  toolExecutor?: ToolExecutor | undefined
  /** a tool handler that runs longer is killed and its result says so (default 60 000) */
  toolTimeoutMs?: number | undefined
  /** most completions in one turn when tools are answered (default 8) */
  maxToolRounds?: number | undefined
  /** stream the answer (default true); false asks for one JSON completion, with the same events */
  stream?: boolean | undefined
  /** continue a stateful chat kept by the service */
  chatId?: string | undefined
  /** start a stateful chat: its id, a UUID, is made here (then `session.chatId`); the first message starts it */
  newChat?: boolean | undefined
  /** append every message to this JSONL file as it completes (transcript.ts) */
  transcriptPath?: string | undefined
  /** replay the messages of this JSONL transcript as the history (stateless only) */
  resumePath?: string | undefined
  /** the history to start from (stateless), e.g. a conversation rebuilt from the local log (chat -c / --cid) */
  history?: ChatMessage[] | undefined
  /** the local log's hook (src/logs/): every message is recorded as it completes */
  log?: ChatLogHook | undefined
  /**
   * keep each answer's text for the history and TurnResult (default true). One-shot text and NDJSON output set it
   * false: they write the text as it arrives and read nothing after, so a long answer is not also held in memory.
   * The text is kept anyway with a transcript, a tool handler (the next completion sends the answer back) or the log.
   */
  keepAnswerText?: boolean | undefined
  /** after cancel(), how long to wait for the server's cancelled chunk before closing the stream (default 2000) */
  cancelGraceMs?: number | undefined
}

/** One conversation with one agent. */
export interface ChatSession {
  readonly agentId: string
  /** the stateful chat's id (undefined when stateless) */
  readonly chatId: string | undefined
  readonly system: string | undefined
  readonly maxTokens: number | undefined
  /** the conversation as sent to the service (stateless) or as seen by this client (stateful); no system message */
  readonly history: readonly ChatMessage[]
  /** is a turn in flight? */
  readonly busy: boolean
  /** Sends a user message and streams the answer; throws UsageError if a turn is already in flight. */
  send(text: string, opts?: SendOptions): ChatTurn
  /** Sends results for the tool calls of the last answer (when no --tool-handler ran them) and streams the answer. */
  sendToolResults(results: { tool_call_id: string; content: string }[]): ChatTurn
  /** Cancels the answer in flight on the server (by request_id); the turn ends with finish_reason "cancelled". */
  cancel(): Promise<CancelOutcome>
  /** Drops the last answer and sends the last user message again (stateless only). */
  retry(): ChatTurn
  /**
   * Turns a stateless conversation into a stateful chat (a new chat id, returned; the chat's id when it already is
   * one): the history so far, and the extra system prompt, go once ahead of the next message, so the agent keeps the
   * thread; from then on the service keeps the conversation (attachments can go with messages).
   */
  toStateful(): string
  /** Starts a new conversation (/new): clears the history; a stateful session makes a new chat id. */
  reset(): Promise<void>
  /** Replaces the extra system prompt (undefined removes it); applies from the next turn. */
  setSystem(text: string | undefined): void
  /** Replaces max_tokens (undefined: the agent's default). */
  setMaxTokens(n: number | undefined): void
  /** Writes the whole conversation to a transcript, JSONL or Markdown by extension (atomically: temp file and rename). */
  save(path: string): Promise<void>
  /** Cancels anything in flight and releases resources. */
  close(): Promise<void>
}

export { createChatSession } from './engine.js'
