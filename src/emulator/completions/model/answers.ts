// The scripted model's canned answers. Each is a pure function of its inputs, so a test can predict it exactly.
import { describeImage } from './image.js'

/** A showcase of markdown: headings, emphasis, lists, a code block, a table and a quote ("show me markdown"). */
export function markdownShowcase(agentName: string): string {
  return [
    '# Markdown showcase',
    '',
    `Here is **bold**, *italic*, \`inline code\` and a [link](https://example.com), from ${agentName}.`,
    '',
    '## A list',
    '',
    '- first item',
    '- second item with **emphasis**',
    '  - a nested item',
    '',
    '1. numbered one',
    '2. numbered two',
    '',
    '## A code block',
    '',
    '```ts',
    'function greet(name: string): string {',
    "  return 'Hello, ' + name + '!'",
    '}',
    '```',
    '',
    '## A table',
    '',
    '| Agent | Speed | Tools |',
    '|---|---|---|',
    '| demo-assistant | fast | none |',
    '| weather-bot | fast | get_weather |',
    '| slow-poet | slow | none |',
    '',
    '> A quote to finish.',
    '',
  ].join('\n')
}

/** The answer to "what is your system prompt": the agent's prompt plus this request's system messages. */
export function systemPromptAnswer(agentPrompt: string, requestSystem: string[]): string {
  const quote = (s: string) =>
    s
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n')
  const parts = [agentPrompt ? `My system prompt is:\n\n${quote(agentPrompt)}` : 'I have no saved system prompt.']
  if (requestSystem.length > 0) {
    parts.push(`For this request it is supplemented with:\n\n${requestSystem.map(quote).join('\n>\n')}`)
  }
  return `${parts.join('\n\n')}\n`
}

/** Names the attachments of a message with their sizes, one line each, then what was asked. */
export function attachmentAnswer(files: { filename: string; size: number }[], text: string): string {
  const lines = files.map((f) => `attached: ${f.filename} (${f.size} bytes)`)
  const ask = text.trim() ? `\n\nYou asked: "${text.trim().slice(0, 200)}".` : ''
  return `${lines.join('\n')}${ask}\n`
}

/** Describes the images of a message, one numbered line each. */
export function imageAnswer(images: string[], text: string): string {
  const lines = images.map((url, i) => `${i + 1}. ${describeImage(url)}`)
  const head = images.length === 1 ? 'I see one image:' : `I see ${images.length} images:`
  const ask = text.trim() ? `\n\nYou asked: "${text.trim().slice(0, 200)}".` : ''
  return `${head}\n\n${lines.join('\n')}${ask}\n`
}

/** A short poem built from the longest words of the message. */
export function poem(text: string): string {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}]{3,}/gu) ?? [])].sort(
    (a, b) => b.length - a.length || a.localeCompare(b),
  )
  const [a = 'silence', b = 'morning', c = 'river'] = words
  return [
    `## A poem of ${a}`,
    '',
    `In the hush of ${a}, the ${b} wakes slow,`,
    `a thread of ${c} where the quiet winds go;`,
    `each word a lantern, each line a stone,`,
    `and ${a} and ${b} are never alone.`,
    '',
  ].join('\n')
}

/** What the model says to a greeting. */
export function greeting(agentName: string, description: string): string {
  const about = description.replace(/\.$/, '')
  const what = about ? `, ${about.charAt(0).toLowerCase()}${about.slice(1)}` : ''
  return `Hello! I am **${agentName}**${what}. How can I help?\n`
}

/** The default answer: it quotes the message and what came before, so history is visible in tests. */
export function echoAnswer(agentName: string, text: string, turn: number, previous: string | undefined): string {
  const t = text.trim().replace(/\s+/g, ' ')
  const words = t === '' ? 0 : t.split(' ').length
  const lines = [
    `You said: "${t.length > 300 ? `${t.slice(0, 300)}…` : t}"`,
    '',
    `I am ${agentName}, the scripted stand-in model of the agentry emulator. Your message has ${words} ${words === 1 ? 'word' : 'words'}; this is turn ${turn} of our conversation.`,
  ]
  if (previous !== undefined)
    lines.push('', `Earlier you said: "${previous.trim().replace(/\s+/g, ' ').slice(0, 200)}"`)
  lines.push('', 'Try "show me markdown", "count to 20", "what is your system prompt", or name a tool.', '')
  return lines.join('\n')
}

// Tool results are the client's JSON: never `${value}`, which throws on an object like {"toString": null}.
const show = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)))

/** The answer after tool results: each result listed, with a weather sentence when it looks like weather. */
export function toolResultAnswer(results: { name: string; content: string }[]): string {
  const out: string[] = []
  for (const r of results) {
    let parsed: unknown
    try {
      parsed = JSON.parse(r.content)
    } catch {
      parsed = undefined
    }
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const o = parsed as Record<string, unknown>
      out.push(`The \`${r.name}\` tool returned:`, '')
      for (const [k, v] of Object.entries(o)) out.push(`- **${k}**: ${show(v)}`)
      const temp = o.temperature ?? o.temp
      const place = o.city ?? o.location
      if (temp !== undefined) {
        const cond = o.conditions ?? o.condition ?? o.summary
        out.push('', `So it is ${show(temp)}°${cond ? ` and ${show(cond)}` : ''}${place ? ` in ${show(place)}` : ''}.`)
      }
    } else out.push(`The \`${r.name}\` tool returned: ${r.content.trim() || '(nothing)'}`)
    out.push('')
  }
  return out.join('\n')
}
