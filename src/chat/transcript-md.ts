// The Markdown form of a transcript (`--save talk.md`, `/save talk.md`; docs/chat-output.md): a conversation to read,
// not to resume. Each message under its role as a heading, its text as it came (Markdown stays Markdown) with
// every control character a terminal would act on made visible (src/text/sanitize.ts), tool calls and results in
// fenced blocks. The JSONL form (./transcript.ts) is the one `--resume` reads.
import { endLine } from '../io/output.js'
import { sanitizeText } from '../text/sanitize.js'
import type { ChatContentItem, ChatMessage } from './session.js'
import type { TranscriptMeta } from './transcript.js'

/** A fenced block that no run of backticks inside `text` can close. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${lang}\n${endLine(sanitizeText(text))}${fence}\n\n`
}

/** A paragraph of message text: as it came, escapes visible, ending in a blank line. */
const paragraph = (text: string): string => (text === '' ? '' : `${sanitizeText(text).replace(/\n*$/, '')}\n\n`)

/** An image of a user message: a data: URL (a local file, base64) is named, not inlined. */
function image(url: string): string {
  const data = /^data:([^;,]*)[;,]/.exec(url)
  return data ? `*[image: ${sanitizeText(data[1] || 'data')}]*\n\n` : `![image](<${sanitizeText(url)}>)\n\n`
}

function userText(content: string | ChatContentItem[]): string {
  if (typeof content === 'string') return paragraph(content)
  return content.map((c) => (c.type === 'text' ? paragraph(c.text) : image(c.image_url.url))).join('')
}

/** Pretty JSON arguments when they parse, else the text as sent. */
function argumentsText(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2)
  } catch {
    return args
  }
}

/** One message as Markdown (meta: a cut-short answer is marked). */
export function markdownMessage(m: ChatMessage, meta: TranscriptMeta = {}): string {
  switch (m.role) {
    case 'system':
      return `## System\n\n${paragraph(m.content) || '*(no extra system prompt)*\n\n'}`
    case 'user':
      return `## User\n\n${userText(m.content)}`
    case 'assistant': {
      const calls = (m.tool_calls ?? []).map(
        (c) =>
          `**Tool call** \`${sanitizeText(c.function.name)}\` (${sanitizeText(c.id)})\n\n${fenced(argumentsText(c.function.arguments), 'json')}`,
      )
      const cut = meta.partial ? '*(answer cut short)*\n\n' : ''
      return `## Assistant\n\n${paragraph(m.content)}${calls.join('')}${cut}`
    }
    case 'tool':
      return `## Tool result \`${sanitizeText(m.name)}\` (${sanitizeText(m.tool_call_id)})\n\n${fenced(m.content)}`
  }
}

/** The start of a new conversation in the same file (/new). */
export const markdownReset = (at: string): string => `---\n\n*New conversation, ${at}*\n\n`
