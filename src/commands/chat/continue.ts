// `chat -c/--continue` and `--cid <id>` (commands.md, second round): the conversation comes back from the local log.
// A stateless one gets its history (and system prompt) rebuilt from the logged messages; a stateful one goes on with
// its chatId on the service. The session keeps logging into the same conversation.
import { UsageError } from '../../errors.js'
import type { ChatMessage } from '../../chat/session.js'
import type { LogStore } from '../../logs/store.js'
import type { ChatOptions } from './options.js'

/** A logged conversation to go on with. */
export interface Continuation {
  id: string
  agentId: string
  chatId: string | undefined
  system: string | undefined
  history: ChatMessage[]
  /** how many messages the log holds for it */
  messages: number
  /** its last answer was cut short (the user cancelled, --timeout, a dropped connection) */
  partial: boolean
}

/**
 * Finds the conversation for -c (the newest, of the named agent when one is named) or --cid. With either, the
 * first word after `chat` is the agent only when the log knows an agent of that id; otherwise every word is the
 * message (`agentry chat -c tell me more`). Returns the agent argument and message words as they end up.
 */
export async function findContinuation(
  store: LogStore,
  opts: ChatOptions,
  agentArg: string | undefined,
  words: string[],
): Promise<{ continuation: Continuation; agentArg: string | undefined; words: string[] }> {
  if (opts.continue && opts.cid !== undefined)
    throw new UsageError('give -c (the last conversation) or --cid, not both')
  if (opts.chat !== undefined || opts.newChat || opts.resume !== undefined)
    throw new UsageError(
      `${opts.cid !== undefined ? '--cid' : '-c'} cannot be used with --chat, --new-chat or --resume`,
    )
  if (agentArg !== undefined && !store.hasAgent(agentArg)) {
    words = [agentArg, ...words]
    agentArg = undefined
  }
  // -c without an agent: the newest conversation of any agent
  const row = opts.cid !== undefined ? store.get(opts.cid) : store.list(1, agentArg)[0]
  if (row === undefined)
    throw new UsageError(
      opts.cid !== undefined
        ? `no conversation ${opts.cid} in the local log`
        : `no conversation${agentArg ? ` with ${agentArg}` : ''} in the local log to continue`,
      'list them with: agentry logs list',
    )
  if (agentArg !== undefined && agentArg !== row.agent_id)
    throw new UsageError(`conversation ${row.id} is with ${row.agent_id}, not ${agentArg}`)
  const { historyFromLog } = await import('../../logs/recorder.js')
  const rows = store.messages(row.id)
  return {
    continuation: {
      id: row.id,
      agentId: row.agent_id,
      chatId: row.chat_id ?? undefined,
      system: row.system ?? undefined,
      history: row.chat_id ? [] : historyFromLog(rows),
      messages: rows.length,
      partial: rows.findLast((r) => r.role === 'assistant')?.partial === 1,
    },
    agentArg: row.agent_id,
    words,
  }
}
