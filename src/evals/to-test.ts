// A conversation as a runnable test file: `agentry logs export <id> --as-test` and the interactive
// chat's `/export test <file>` write its user messages as the turns of one `conversation:` case against the same
// agent, each with a starting assertion taken from the answer it got (a tool it called, else a few of the answer's
// words, else its finish reason) and the answer itself as a comment, to be tightened by hand.
import { UsageError } from '../errors.js'
import { cjsExports } from '../io/cjs.js'

/** A message as the chat and the local log keep it (the wire shape). */
interface RecordedMessage {
  role: string
  content: unknown
  tool_calls?: { function?: { name?: unknown } }[] | undefined
  finish_reason?: string | null | undefined
}

/** What the test file is written from. */
export interface RecordedConversation {
  agentId: string
  system?: string | null | undefined
  messages: readonly RecordedMessage[]
  /** where it came from, for the file's first comment (e.g. `conversation c1a2… of the local log`) */
  source: string
}

/** The text of a message's content (a user message's text parts; its images are not carried). */
function textOf(content: unknown): { text: string; images: number } {
  if (typeof content === 'string') return { text: content, images: 0 }
  if (!Array.isArray(content)) return { text: '', images: 0 }
  const texts = content.filter((p) => p?.type === 'text' && typeof p.text === 'string').map((p) => p.text as string)
  return { text: texts.join('\n'), images: content.length - texts.length }
}

/** Up to three of the answer's longest distinct words (letters or digits, four or more): a loose first check. */
function keyWords(answer: string): string[] {
  const words = [...new Set(answer.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [])]
  return words.sort((a, b) => b.length - a.length || a.localeCompare(b)).slice(0, 3)
}

/** One turn: what the user said and what answered it. */
interface Exchange {
  user: string
  images: number
  answer: string
  tools: string[]
  finishReason: string | null
}

function exchangesOf(messages: readonly RecordedMessage[]): Exchange[] {
  const out: Exchange[] = []
  for (const m of messages) {
    if (m.role === 'user') {
      const { text, images } = textOf(m.content)
      out.push({ user: text, images, answer: '', tools: [], finishReason: null })
      continue
    }
    const turn = out.at(-1)
    if (m.role !== 'assistant' || turn === undefined) continue
    const { text } = textOf(m.content)
    if (text !== '') turn.answer = text
    for (const c of m.tool_calls ?? []) if (typeof c.function?.name === 'string') turn.tools.push(c.function.name)
    if (m.finish_reason !== undefined) turn.finishReason = m.finish_reason
  }
  return out
}

/** `{{` in recorded text stays literal: written as `{{open}}`, the one variable of the case. */
const literal = (s: string) => s.replaceAll('{{', '{{open}}')

/** The first assertion of a turn, from its recorded answer. */
function startingAssertion(e: Exchange): Record<string, unknown> {
  if (e.tools.length > 0) return { type: 'tool-call', name: e.tools[0] }
  const words = keyWords(e.answer)
  if (words.length > 0) return { type: 'icontains-any', value: words }
  return { type: 'finish-reason', value: e.finishReason ?? 'stop' }
}

/** A one-line comment (control characters made visible as spaces). */
const comment = (s: string, max = 160) => {
  const line = s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').trim()
  return ` ${line.length > max ? `${line.slice(0, max - 1)}…` : line}`
}

/** The test file (YAML) of a conversation; a usage problem when it has no user message. */
export async function conversationAsTest(c: RecordedConversation): Promise<{ text: string } | { problem: string }> {
  const exchanges = exchangesOf(c.messages).filter((e) => e.user.trim() !== '')
  if (exchanges.length === 0) return { problem: 'the conversation has no user message to make a turn of' }
  const braces = exchanges.some((e) => e.user.includes('{{')) || (c.system ?? '').includes('{{')
  const testCase: Record<string, unknown> = {
    description: `the conversation of ${c.source} goes as before`,
    ...(braces ? { vars: { open: '{{' } } : {}),
    ...(c.system ? { system: literal(c.system) } : {}),
    conversation: exchanges.map((e) => ({ user: literal(e.user), assert: [startingAssertion(e)] })),
    assert: [{ type: 'turns', max: exchanges.length }],
  }
  const file = { description: `Written from ${c.source}`, targets: [{ agent: c.agentId }], cases: [testCase] }
  const YAML = cjsExports(await import('yaml'))
  const doc = new YAML.Document(file)
  doc.commentBefore = [
    ` A test file written by agentry from ${c.source}: run it with`,
    `   agentry test <this file>`,
    ' Each turn starts with one loose assertion taken from the answer it got; tighten them (docs/commands.md).',
  ].join('\n')
  for (const [i, e] of exchanges.entries()) {
    const node = doc.getIn(['cases', 0, 'conversation', i], true) as { commentBefore?: string } | undefined
    if (!node) continue
    const notes = [comment(`answered: ${e.answer || '(no text)'}`)]
    if (e.images > 0) notes.push(comment(`the message had ${e.images} image(s), not carried here`))
    node.commentBefore = notes.join('\n')
  }
  return { text: doc.toString({ lineWidth: 0 }) }
}

/** Writes the test file of a chat's conversation (the interactive `/export test <file>`); says what it wrote. */
export async function exportTestFile(file: string, c: Omit<RecordedConversation, 'source'>): Promise<string> {
  const written = await conversationAsTest({ ...c, source: `a chat with ${c.agentId}` })
  if ('problem' in written) throw new UsageError(`not written: ${written.problem}`)
  const { writeFileAtomic } = await import('../io/atomic-file.js')
  await writeFileAtomic(file, written.text, { flag: '/export test' })
  return `wrote ${file}: run it with agentry test ${file}`
}
