// Slash commands of the interactive chat: parsing, "did you mean" suggestions and Tab completion.
// A line is a command only when it starts with `/name` followed by a space or its end, so a path such as
// `/usr/bin is empty?` is sent as a message; `//text` sends `/text` literally.
import { closestNames } from '../../io/did-you-mean.js'

/** A slash command's name, usage and one-line summary (for /help and completion). */
export interface SlashSpec {
  name: SlashName
  args: string
  summary: string
  aliases: readonly string[]
}

/** The commands. */
export type SlashName =
  | 'help'
  | 'system'
  | 'image'
  | 'attach'
  | 'tools'
  | 'new'
  | 'info'
  | 'retry'
  | 'copy'
  | 'edit'
  | 'save'
  | 'export'
  | 'exit'

/** Every command, in the order /help lists them. */
export const slashCommands: readonly SlashSpec[] = [
  { name: 'help', args: '', summary: 'show commands and keys', aliases: ['?', 'h'] },
  { name: 'system', args: '[text]', summary: 'show or set the system prompt', aliases: [] },
  { name: 'image', args: '<path|url>', summary: 'attach an image to the next message', aliases: ['img'] },
  {
    name: 'attach',
    args: '<file>',
    summary: 'upload a file with the next message (offers to make the chat stateful)',
    aliases: [],
  },
  { name: 'tools', args: '', summary: 'list the tools the agent may call', aliases: [] },
  { name: 'new', args: '', summary: 'start a new conversation', aliases: ['reset', 'clear'] },
  { name: 'info', args: '', summary: 'where this conversation is kept and how to resume it', aliases: [] },
  { name: 'retry', args: '', summary: 'send the last message again', aliases: [] },
  { name: 'copy', args: '', summary: 'copy the last answer to the clipboard', aliases: [] },
  { name: 'edit', args: '[text]', summary: 'write the next message in $EDITOR (also Ctrl-X Ctrl-E)', aliases: [] },
  {
    name: 'save',
    args: '<file.jsonl|file.md>',
    summary: 'save the conversation: JSON lines, or Markdown for .md',
    aliases: [],
  },
  { name: 'export', args: 'test <file>', summary: 'write the conversation as a test file (agentry test)', aliases: [] },
  { name: 'exit', args: '', summary: 'leave the chat', aliases: ['quit', 'q'] },
]

/** What a submitted line is. */
export type ParsedLine =
  | { kind: 'message'; text: string }
  | { kind: 'command'; name: SlashName; arg: string }
  | { kind: 'unknown'; name: string; suggestion: string | undefined }

const commandPattern = /^\/([A-Za-z?][\w-]*)(?:[ \t\n]+([\s\S]*))?$/

/** Classifies a submitted line: a message, a known command (with its argument, trimmed) or an unknown command. */
export function parseLine(line: string): ParsedLine {
  if (line.startsWith('//')) return { kind: 'message', text: line.slice(1) }
  const m = commandPattern.exec(line.trimEnd())
  if (!m) return { kind: 'message', text: line }
  const word = m[1]!.toLowerCase()
  const arg = (m[2] ?? '').trim()
  const spec = slashCommands.find((c) => c.name === word || c.aliases.includes(word))
  if (spec) return { kind: 'command', name: spec.name, arg }
  return { kind: 'unknown', name: word, suggestion: suggest(word) }
}

/** The command a mistyped name most likely meant: a unique prefix match, else the nearest name (did-you-mean.ts). */
export function suggest(word: string): string | undefined {
  const names = slashCommands.flatMap((c) => [c.name, ...c.aliases.filter((a) => a.length > 2)])
  const prefixed = slashCommands.filter((c) => c.name.startsWith(word))
  if (word.length > 0 && prefixed.length === 1) return prefixed[0]!.name
  const best = closestNames(word, names)[0]
  if (best === undefined) return undefined
  return slashCommands.find((c) => c.name === best || c.aliases.includes(best))!.name
}

/** Tab completion of a command name: the completed text (with a space after a unique match) and the candidates. */
export function completeCommand(text: string): { text: string; candidates: string[] } | undefined {
  const m = /^\/([\w-]*)$/.exec(text)
  if (!m) return undefined
  const word = m[1]!.toLowerCase()
  const matches = slashCommands.filter((c) => c.name.startsWith(word)).map((c) => c.name)
  if (matches.length === 0) return undefined
  if (matches.length === 1) return { text: `/${matches[0]} `, candidates: matches }
  return { text: `/${commonPrefix(matches)}`, candidates: matches }
}

/** The longest common prefix of non-empty strings. */
export function commonPrefix(words: readonly string[]): string {
  let p = words[0] ?? ''
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1)
  return p
}
