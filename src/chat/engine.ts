// The chat session: conversation state, turns, cancel, tool loop and transcripts (see session.ts for the API).
import type { ChatSession, ChatSessionOptions } from './session.js'

/** Creates a session: for a stateful one with `newChat`, the chat is created on the service first. */
export async function createChatSession(_opts: ChatSessionOptions): Promise<ChatSession> {
  throw new Error('createChatSession: not implemented yet')
}
