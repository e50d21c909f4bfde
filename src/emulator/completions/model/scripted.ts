// The emulator's deterministic model: its answer depends only on the agent and the messages. What it does, in order
// (documented for users in `agentry emulator start --help`):
//   after `tool` messages     → an answer that uses the tool results
//   a tool named by the user  → tool_calls with JSON arguments read from the message (see tools.ts)
//   "system prompt"           → reveals the agent's system prompt plus this request's `system` messages
//   "count to N"              → exactly N tokens "1 2 … N" (for benchmarks; N ≤ 10,000,000)
//   attachments (stateful)    → "attached: name (N bytes)" for each file of the message, then what was asked
//   image content             → a description of each image (type, size and dimensions of data URLs)
//   "markdown"                → headings, emphasis, lists, a code block, a table and a quote
//   "poem" or a poet agent    → a short poem; "hello"/"hi" → a greeting; anything else → an echo with the history
//   <rubric>…</rubric> and <answer>…</answer> → a JSON verdict; "reply in JSON" → a JSON answer (see judge.ts)
//   <goal>…</goal> and <transcript>…</transcript> → a simulated user's next move as JSON (see simulate.ts)
// A system prompt asking for "uppercase" makes the answer upper-case. A message saying "think step by step" (or
// "reason step by step") gets reasoning first — streamed as `delta.reasoning`, as OpenRouter does — then its answer.
import { createHash } from 'node:crypto'
import type { Agent, Message, ToolDefinition } from '../../../api/schemas/index.js'
import {
  attachmentAnswer,
  echoAnswer,
  greeting,
  imageAnswer,
  markdownShowcase,
  poem,
  systemPromptAnswer,
  toolResultAnswer,
} from './answers.js'
import { contentParts, contentText } from './content.js'
import { asksForJson, gradingReply, jsonAnswer } from './judge.js'
import { simulatedUserReply } from './simulate.js'
import { tokenize } from './tokens.js'
import { type PlannedToolCall, planToolCalls } from './tools.js'

/** What the model is given. */
export interface ModelInput {
  agent: { id: string; name: string; description: string; systemPrompt: string }
  /** the request's `system` messages, appended to the agent's prompt (service-interface 2.1) */
  requestSystem: string[]
  /** the conversation without `system` messages, oldest first */
  messages: Message[]
  /** request tools and the agent's own tools (request wins on a name clash) */
  tools: ToolDefinition[]
}

/** What the model answers: reasoning tokens, text tokens (possibly produced lazily) and tool calls. */
export interface ModelReply {
  reasoning: Iterable<string>
  tokens: Iterable<string>
  toolCalls: PlannedToolCall[]
}

/** The words that make the scripted model reason before it answers. */
const reasoningTrigger = /\b(think|reason) step[- ]by[- ]step\b/i

/** The scripted reasoning about a message: a pure function of it, so a test can predict it exactly. */
export function reasoningAbout(said: string): string {
  const t = said.trim().replace(/\s+/g, ' ')
  const words = t === '' ? 0 : t.split(' ').length
  return [
    `The user wrote ${words} ${words === 1 ? 'word' : 'words'}: "${t.length > 120 ? `${t.slice(0, 120)}…` : t}".`,
    'Step 1: find what is asked. Step 2: answer plainly.',
  ].join('\n')
}

/** Most tokens "count to N" produces. */
const maxCount = 10_000_000

function* counting(n: number): Generator<string> {
  for (let i = 1; i <= n; i++) yield i === 1 ? '1' : ` ${i}`
}

function trailingToolResults(messages: Message[]): { name: string; content: string }[] {
  const out: { name: string; content: string }[] = []
  let i = messages.length - 1
  while (i >= 0 && messages[i]!.role === 'tool') i--
  const calls = messages[i]?.tool_calls ?? []
  for (const m of messages.slice(i + 1)) {
    const name = m.name ?? calls.find((c) => c.id === m.tool_call_id)?.function.name ?? 'tool'
    out.push({ name, content: contentText(m.content) })
  }
  return out
}

/** The persona the model answers as, from an agent record: no name is its id, no description or prompt is ''. */
export function modelAgent(a: Pick<Agent, 'id' | 'name' | 'description' | 'systemPrompt'>): ModelInput['agent'] {
  return { id: a.id, name: a.name ?? a.id, description: a.description ?? '', systemPrompt: a.systemPrompt ?? '' }
}

/** The scripted answer to a conversation, with reasoning first when the last message asks for it. */
export function scriptedReply(input: ModelInput): ModelReply {
  const reply = plainReply(input)
  const last = input.messages[input.messages.length - 1]
  if (last?.role !== 'user' || reply.toolCalls.length > 0) return reply
  const said = contentText(last.content)
  return reasoningTrigger.test(said) ? { ...reply, reasoning: tokenize(reasoningAbout(said)) } : reply
}

function plainReply(input: ModelInput): ModelReply {
  const { agent, messages } = input
  const system = [agent.systemPrompt, ...input.requestSystem].filter(Boolean).join('\n\n')
  const shout = /\b(upper ?case|all caps)\b/i.test(system)
  const text = (s: string): ModelReply => ({
    reasoning: [],
    tokens: tokenize(shout ? s.toUpperCase() : s),
    toolCalls: [],
  })
  const last = messages[messages.length - 1]
  if (last === undefined) return text(greeting(agent.name, agent.description))
  if (last.role === 'tool') return text(toolResultAnswer(trailingToolResults(messages)))
  const users = messages.filter((m) => m.role === 'user')
  const { text: said, images } = contentParts(last.content)
  const lower = said.toLowerCase()
  if (last.role === 'user' && input.tools.length > 0) {
    const seed = createHash('sha256').update(JSON.stringify(messages)).digest('hex')
    const calls = planToolCalls(said, input.tools, seed)
    if (calls.length > 0) return { reasoning: [], tokens: [], toolCalls: calls }
  }
  const verdict = last.role === 'user' ? (gradingReply(said) ?? simulatedUserReply(said)) : undefined
  if (verdict !== undefined) return { reasoning: [], tokens: tokenize(verdict), toolCalls: [] }
  if (last.role === 'user' && asksForJson(said))
    return { reasoning: [], tokens: tokenize(jsonAnswer(agent.id, said)), toolCalls: [] }
  if (/system\s*prompt/.test(lower)) return text(systemPromptAnswer(agent.systemPrompt, input.requestSystem))
  const count = /\bcount to (\d{1,9})\b/.exec(lower)
  if (count) return { reasoning: [], tokens: counting(Math.min(Number(count[1]), maxCount)), toolCalls: [] }
  const files = last.role === 'user' ? attachedFiles(last) : []
  if (files.length > 0) return text(attachmentAnswer(files, said))
  if (images.length > 0) return text(imageAnswer(images, said))
  if (lower.includes('markdown')) return text(markdownShowcase(agent.name))
  if (/\bpoem\b/.test(lower) || /\bpoe[tm]/i.test(agent.systemPrompt)) return text(poem(said))
  if (/^\s*(hello|hi|hey|good (morning|afternoon|evening))\b/.test(lower)) {
    return text(greeting(agent.name, agent.description))
  }
  const previous = users.length >= 2 ? contentText(users[users.length - 2]!.content) : undefined
  return text(echoAnswer(agent.name, said, Math.max(users.length, 1), previous))
}

/** The attachments the emulator listed with a message (handlers/chats.ts): name and size of each. */
function attachedFiles(m: Message): { filename: string; size: number }[] {
  const files = (m as { attachments?: unknown }).attachments
  if (!Array.isArray(files)) return []
  return files.filter(
    (f): f is { filename: string; size: number } => typeof f?.filename === 'string' && typeof f?.size === 'number',
  )
}
