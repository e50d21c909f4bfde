// JSON.parse for streamed completion chunks, without interning the token text. V8's JSON.parse interns short
// string values (up to 8 characters) in the string table, in the old generation, where they stay until a full GC:
// a streamed token is that short, so a 1M-token answer left ~25 MB of dead strings in the old generation and grew
// the string table (measured with bench/stream.mjs, Node 24). Here the text of `delta.content` (or `message.content`)
// is taken out of the JSON before parsing and put back as an ordinary young string. Whatever does not fit the plain
// case — a backslash anywhere, a second "content", the text not in choices[].delta/message — is parsed by JSON.parse
// as is, so the result is always that of JSON.parse(data) (test/unit/stream-chunk-json.test.ts checks this).

const KEY = '"content":"'
/** V8 interns string values up to this length (longer ones are not worth taking out). */
const MAX_INTERNED = 8

/** JSON.parse(data), except that a short content text of choice 0 is not interned. Throws what JSON.parse throws. */
export function parseChunkJson(data: string): unknown {
  const key = data.indexOf(KEY)
  if (key === -1) return JSON.parse(data)
  const start = key + KEY.length
  // Without a backslash every quote opens or closes a string, so the literal ends at the next quote, and no key is
  // spelt with an escape: the "content" found is then the only one in the text.
  const end = data.indexOf('"', start)
  if (end === -1 || end - start > MAX_INTERNED || data.includes('\\') || data.indexOf('"content"') !== key)
    return JSON.parse(data)
  if (data.includes('"content"', end) || hasControl(data, start, end)) return JSON.parse(data)
  let value: unknown
  try {
    // the text's literal, quotes included, becomes the number 0: what is left is still JSON if data was
    value = JSON.parse(`${data.slice(0, start - 1)}0${data.slice(end + 1)}`)
  } catch {
    return JSON.parse(data) // throws the error of the text as sent
  }
  const part = contentHolder(value)
  if (part === undefined) return JSON.parse(data)
  part.content = data.slice(start, end)
  return value
}

/** A control character in the text, which JSON.parse rejects (then it must be the one to throw). */
function hasControl(data: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (data.charCodeAt(i) < 0x20) return true
  return false
}

/**
 * The object of choice 0 whose `content` is the placeholder 0: the key found was the only "content" key in the text,
 * so a 0 there can only be the placeholder.
 */
function contentHolder(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const choices = (value as { choices?: unknown }).choices
  if (!Array.isArray(choices) || choices.length === 0) return undefined
  for (const choice of choices) {
    if (typeof choice !== 'object' || choice === null) continue
    for (const name of ['delta', 'message'] as const) {
      const part = (choice as Record<string, unknown>)[name]
      if (typeof part === 'object' && part !== null && (part as { content?: unknown }).content === 0)
        return part as Record<string, unknown>
    }
  }
  return undefined
}
