// Stateful chats (wire.md "Stateful chats"): list, create, their messages (raw, or converted for rendering by
// service-interface 2.8), delete one message.
import type { PageQuery } from '../api/contract/paging.js'
import type { Message } from '../api/schemas/messages.js'
import type { UiMessage } from './messages.js'
import type { Transport } from './transport.js'

/** `client.chats`. */
export const chatsResource = (t: Transport) => {
  const messages = async (agentId: string, chatId: string): Promise<Message[]> =>
    (await t.call('chatMessages', { params: { agentId, chatId } })).data
  return {
    /** An agent's stateful chats, page by page. */
    list: (agentId: string, query: PageQuery = {}) => t.list('chatsList', { params: { agentId }, query }),
    /** Starts a stateful chat. */
    create: (agentId: string, body: { title?: string | undefined } = {}) =>
      t.call('chatsCreate', { params: { agentId }, body: body.title === undefined ? {} : { title: body.title } }),
    /** The messages of a chat, oldest first, as the service keeps them. */
    messages,
    /** The messages of a chat converted for rendering (service-interface 2.8): parts, merged turns, usage. */
    // the conversion loads here: every client has `chats`, few runs convert messages (start-up, bench/startup)
    uiMessages: async (agentId: string, chatId: string): Promise<UiMessage[]> =>
      (await import('./messages.js')).toUiMessages(await messages(agentId, chatId)),
    /** Deletes one message of a chat. */
    deleteMessage: async (agentId: string, chatId: string, messageId: string): Promise<void> => {
      await t.call('chatMessageDelete', { params: { agentId, chatId, messageId } })
    },
  }
}
