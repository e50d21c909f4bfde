// Reading a transcript for `--resume` (./transcript.ts writes them): each line checked by the shared message schema.
// Its own module, loaded with import() by a chat that resumes: the schemas (and zod) load only then.
import { extname } from 'node:path'
import { messageSchema } from '../api/schemas/index.js'
import { UsageError } from '../errors.js'
import { readArgText } from '../io/arg-file.js'
import { toChatMessage } from './messages.js'
import type { ChatMessage } from './session.js'

/** A conversation read back from a transcript. */
export interface LoadedTranscript {
  system: string | undefined
  messages: ChatMessage[]
  /** problems that did not stop the load (a torn last line) */
  warnings: string[]
}

/** Parses a transcript; the last `reset` line and the system lines after it decide what is resumed. */
export function parseTranscript(text: string, label: string): LoadedTranscript {
  const lines = text.split('\n')
  let system: string | undefined
  let messages: ChatMessage[] = []
  const warnings: string[] = []
  const lastNonBlank = lines.findLastIndex((l) => l.trim() !== '')
  lines.forEach((line, i) => {
    if (line.trim() === '') return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      // a line cut short by a crash or a kill mid-write is only ever the last one
      if (i === lastNonBlank && !text.endsWith('\n')) {
        warnings.push(`${label}: line ${i + 1} is incomplete and was skipped`)
        return
      }
      throw new UsageError(`${label}: line ${i + 1} is not valid JSON`)
    }
    if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'reset') {
      system = undefined
      messages = []
      return
    }
    const r = messageSchema.safeParse(value)
    if (!r.success) {
      const issue = r.error.issues[0]
      throw new UsageError(`${label}: line ${i + 1}: ${issue?.path.join('.') || 'message'}: ${issue?.message}`)
    }
    const m = toChatMessage(r.data)
    if (m.role === 'system') system = m.content === '' ? undefined : m.content
    else messages.push(m)
  })
  return { system, messages, warnings }
}

/** The largest transcript --resume reads (a conversation's whole history: more than one request body). */
const maxTranscriptBytes = 100 * 1024 * 1024

/** Reads a transcript file (a missing file is a usage error: --resume names a conversation that must exist). */
export async function readTranscript(path: string): Promise<LoadedTranscript> {
  if (extname(path).toLowerCase() === '.md')
    throw new UsageError(
      `--resume ${path}: a Markdown transcript is for reading; --resume reads the JSON lines of a .jsonl one`,
      'save the conversation with --save <file.jsonl> (or /save <file.jsonl>) to resume it',
    )
  const text = await readArgText(path, `--resume ${path}`, maxTranscriptBytes)
  return parseTranscript(text, `--resume ${path}`)
}
