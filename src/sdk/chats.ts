// Stateful chats (wire.md "Stateful chats"), the methods that are not plain projections of an operation (list and
// deleteMessage are generated: methods.gen.ts): create, the messages (raw, or converted for rendering by
// service-interface 2.8).
import type { Message } from '../api/schemas/messages.js'
import type { UiMessage } from './messages.js'
import type { Transport } from './transport.js'

/** `client.chats`, besides its generated methods. */
export const chatsByHand = (t: Transport) => {
  const messages = async (agentId: string, chatId: string): Promise<Message[]> =>
    (await t.call('chatMessages', { params: { agentId, chatId } })).data
  return {
    /** Starts a stateful chat. */
    create: (agentId: string, body: { title?: string | undefined } = {}) =>
      t.call('chatsCreate', { params: { agentId }, body: body.title === undefined ? {} : { title: body.title } }),
    /** The messages of a chat, oldest first, as the service keeps them. */
    messages,
    /** The messages of a chat converted for rendering (service-interface 2.8): parts, merged turns, usage. */
    // the conversion loads here: every client has `chats`, few runs convert messages (start-up, bench/startup)
    uiMessages: async (agentId: string, chatId: string): Promise<UiMessage[]> =>
      (await import('./messages.js')).toUiMessages(await messages(agentId, chatId)),
  }
}
