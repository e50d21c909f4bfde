// The demo agent desktop-relay: the cloud side of `agentry connect` in one agent. Asked in a chat, it queues the
// user's last message as a desktop task for the account's machines (../../desktop-queue.ts) and answers with the
// task's response once a machine posts it, or says that no machine answered before the task expired.
import type { Message } from '../../../api/schemas/index.js'
import type { StoredAgent } from '../../state.js'
import type { HandlerEnv } from '../../types.js'
import { contentText } from './content.js'
import type { Piece } from './pieces.js'

/** Default time a task waits for a machine (EmulatorOptions.desktopTaskTtlMs). */
const defaultTtlMs = 120_000

/** What the relay needs of the request. */
interface RelayRequest {
  messages: Message[]
  chatId: string | undefined
  signal: AbortSignal
}

/** The relay's answer: nothing while it waits, then the task's response as one text piece. */
export async function* desktopRelay(env: HandlerEnv, agent: StoredAgent, r: RelayRequest): AsyncGenerator<Piece> {
  const last = [...r.messages].reverse().find((m) => m.role === 'user')
  const text = last ? contentText(last.content).trim() : ''
  const queue = env.state.desktop
  if (text === '') {
    yield { kind: 'text', text: 'Send me what the machine should do, and I will queue it as a desktop task.\n' }
    return
  }
  if (!queue.access(agent.accountId).enabled) {
    yield {
      kind: 'text',
      text: 'Desktop access is off for this account, so nothing was queued. Turn it on with: agentry connect access --enable\n',
    }
    return
  }
  const ttlMs = env.options.desktopTaskTtlMs ?? defaultTtlMs
  const task = queue.queue(
    { account: agent.accountId, sourceAgentId: agent.id, sourceChatId: r.chatId ?? null, text, ttlMs },
    env.now(),
  )
  await queue.settled(task.id, ttlMs, r.signal)
  if (r.signal.aborted) return
  const now = queue.current(task.id, env.now())
  if (now?.task_status === 'completed') {
    const response = typeof now.response === 'string' ? now.response : JSON.stringify(now.response)
    yield { kind: 'text', text: response }
    return
  }
  yield {
    kind: 'text',
    text: `No machine answered task ${task.id} in time (it expired after ${Math.round(ttlMs / 1000)} s). Is \`agentry connect --handler …\` running for this account?\n`,
  }
}
