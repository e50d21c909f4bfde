// The local log around `agentry chat`: opened when logging is on or a conversation is continued (-c, --cid), the
// session's recorder, and the line printed when an interactive chat ends that brings it back.
import type { ChatSession } from '../../chat/session.js'
import type { Context } from '../../context.js'
import type { ConversationRecorder } from '../../logs/recorder.js'
import { type Continuation, findContinuation } from './continue.js'
import type { ChatOptions } from './options.js'
import { isJsonlTranscript } from '../../chat/transcript.js'

/** What `chat` gets from the log. */
export interface ChatLog {
  agentArg: string | undefined
  words: string[]
  continuation: Continuation | undefined
  /** undefined when the log is off */
  recorder: ConversationRecorder | undefined
}

/** Opens the log when it is on or needed, finds the conversation of -c/--cid, and makes the session's recorder. */
export async function prepareChatLog(
  ctx: Context,
  opts: ChatOptions,
  agentArg: string | undefined,
  words: string[],
): Promise<ChatLog> {
  const continuing = opts.continue || opts.cid !== undefined
  const logs = await import('../../logs/index.js')
  const on = await logs.logEnabled(ctx)
  if (!on && !continuing) return { agentArg, words, continuation: undefined, recorder: undefined }
  let store: Awaited<ReturnType<typeof logs.openLogStore>>
  try {
    store = await logs.openLogStore(ctx)
  } catch (err) {
    // a broken or unwritable log must not stop a chat; continuing one needs it, though
    if (continuing) throw err
    ctx.warn(`this chat is not logged: ${(err as Error).message}`)
    return { agentArg, words, continuation: undefined, recorder: undefined }
  }
  let continuation: Continuation | undefined
  if (continuing) ({ continuation, agentArg, words } = await findContinuation(store, opts, agentArg, words))
  if (continuation?.partial)
    ctx.info(
      `conversation ${continuation.id}: its last answer was cut short (partial); the agent goes on from what arrived`,
    )
  if (!on) {
    ctx.warn('the log is off (AGENTRY_LOG / config log): what follows is not logged')
    return { agentArg, words, continuation, recorder: undefined }
  }
  // one local entry per service chat: `--chat <id>` goes on with the conversation that logged that chat
  const sameChat =
    opts.chat !== undefined && agentArg !== undefined && !continuing ? store.byChat(agentArg, opts.chat) : undefined
  const goesOn = continuation ?? (sameChat && { id: sameChat.id, messages: Number(sameChat.messages) })
  const recorder = await logs.createRecorder(ctx, store, goesOn && { id: goesOn.id, messages: goesOn.messages })
  return { agentArg, words, continuation, recorder }
}

/** Does the conversation hold turns that nothing keeps (not logged, no --save, not a stateful chat)? */
export function hasUnsavedTurns(session: ChatSession, log: ChatLog, opts: ChatOptions): boolean {
  if (session.chatId !== undefined || opts.save !== undefined) return false
  if (!session.history.some((m) => m.role === 'user')) return false
  return !(log.recorder?.saved(session) ?? false)
}

/**
 * Where the conversation is kept, for /info: the service's chat id (stateful), the local log's id, and the one
 * command that resumes it.
 */
export function whereKeptLines(session: ChatSession, log: ChatLog, opts: ChatOptions): string[] {
  const lines: string[] = []
  if (session.chatId !== undefined) lines.push(`chat ${session.chatId} (kept by the service)`)
  const logged = log.recorder?.conversationId
  if (logged !== undefined) lines.push(`log ${logged} (agentry logs show ${logged})`)
  else if (log.recorder !== undefined)
    lines.push(
      `log ${log.recorder.nextConversationId}: not in the local log yet (it is written once an answer arrives)`,
    )
  else lines.push('the local log is off')
  // this conversation's handle (resumeCommand, at the end, falls back to the one before /new)
  const resume =
    logged !== undefined
      ? `agentry chat --cid ${logged}`
      : session.chatId !== undefined
        ? `agentry chat ${session.agentId} --chat ${session.chatId}`
        : opts.save !== undefined && isJsonlTranscript(opts.save)
          ? `agentry chat ${session.agentId} --resume ${opts.save} --save ${opts.save}`
          : undefined
  if (opts.save !== undefined && !isJsonlTranscript(opts.save)) lines.push(`saved as Markdown to ${opts.save}`)
  lines.push(resume === undefined ? 'nothing keeps it yet' : `resume with: ${resume}`)
  return lines
}

/** The command that resumes this conversation, or undefined when nothing keeps it. */
export function resumeCommand(session: ChatSession, log: ChatLog, opts: ChatOptions): string | undefined {
  // after /new with nothing said yet, the conversation before it
  const id = log.recorder?.lastConversationId
  if (id !== undefined) return `agentry chat --cid ${id}`
  if (session.chatId !== undefined) return `agentry chat ${session.agentId} --chat ${session.chatId}`
  if (opts.save !== undefined && isJsonlTranscript(opts.save) && session.history.length > 0)
    return `agentry chat ${session.agentId} --resume ${opts.save} --save ${opts.save}`
  return undefined
}
