// Where an A2A task's answer comes from: the ONE call from A2A to the emulator's model (the scripted model, or the
// upstream relay), so that the model seam is switched here and nowhere else.
import type { Message } from '../../api/schemas/index.js'
import { answer } from '../completions/answer.js'
import type { Piece } from '../completions/model/pieces.js'
import type { StoredAgent } from '../state.js'
import type { HandlerEnv } from '../types.js'
import type { A2aMessage } from './model.js'

/** An answer on its way: its pieces, the token budget, and the pause between pieces. */
export interface Answer {
  pieces: AsyncIterable<Piece> | Iterable<Piece>
  maxTokens: number | undefined
  delayMs: number
}

/** The answer of `agent` to a conversation of A2A messages (the last one is the new question). */
export function answerTo(env: HandlerEnv, agent: StoredAgent, conversation: A2aMessage[], signal: AbortSignal): Answer {
  const src = answer(env, agent, conversation.map(toChatMessage), { signal })
  return { pieces: src, maxTokens: src.maxTokens, delayMs: src.delayMs }
}

/** The A2A message as a chat message: text parts joined, file parts as images, data parts as JSON text. */
function toChatMessage(m: A2aMessage): Message {
  const items: Exclude<Message['content'], string | null> = []
  for (const p of m.parts) {
    if (p.kind === 'text') items.push({ type: 'text', text: p.text })
    else if (p.kind === 'data') items.push({ type: 'text', text: JSON.stringify(p.data) })
    else {
      const url =
        p.file.uri ??
        (p.file.bytes ? `data:${p.file.mimeType ?? 'application/octet-stream'};base64,${p.file.bytes}` : '')
      if (url) items.push({ type: 'image_url', image_url: { url } })
    }
  }
  return { role: m.role === 'agent' ? 'assistant' : 'user', content: items }
}

/** The text a model piece adds to an A2A answer (tool calls and errors are told, not performed). */
export function pieceText(p: Piece): string {
  if (p.kind === 'text') return p.text
  if (p.kind === 'tools') return p.calls.map((c) => `\n(I would call \`${c.name}\` with \`${c.arguments}\`.)`).join('')
  if (p.kind === 'error') return `\n(error: ${p.message})`
  return ''
}
