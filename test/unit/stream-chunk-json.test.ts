// parseChunkJson must be JSON.parse, value for value and error for error: it only changes where V8 keeps a short
// token text (see src/api/stream/chunk-json.ts). Checked on hand-picked edge cases and, with fast-check, on
// generated chunks, chunks with hostile strings, and broken variants of them.
import fc from 'fast-check'
import { anyString } from '../helpers/code-points.js'
import { describe, expect, it } from 'vitest'
import { parseChunkJson } from '../../src/api/stream/chunk-json.js'

type Outcome = { ok: true; value: unknown } | { ok: false; message: string }

function outcome(parse: (s: string) => unknown, text: string): Outcome {
  try {
    return { ok: true, value: parse(text) }
  } catch (e) {
    return { ok: false, message: (e as Error).message }
  }
}

const sameAsJsonParse = (text: string) => expect(outcome(parseChunkJson, text)).toEqual(outcome(JSON.parse, text))

const chunk = (content: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
    ...extra,
  })

describe('parseChunkJson', () => {
  it.each([
    ['a short token', chunk(' 42')],
    ['an empty token', chunk('')],
    ['8 characters', chunk('12345678')],
    ['9 characters', chunk('123456789')],
    ['an escaped quote in the token', chunk('a"b')],
    ['a newline in the token', chunk('a\nb')],
    ['non-ASCII and an astral character', chunk('é😀')],
    ['a lone surrogate escape', '{"choices":[{"delta":{"content":"\\ud800"}}]}'],
    ['a backslash elsewhere', chunk('ab', { model: 'a\\b' })],
    ['a whole message', JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'hi' } }] })],
    ['content outside the choices', '{"content":"ab","choices":[]}'],
    ['content before the choices', '{"x":{"content":"ab"},"choices":[{"delta":{"content":"cd"}}]}'],
    ['a numeric content in an earlier choice', '{"choices":[{"delta":{"content":0}},{"delta":{"content":"ab"}}]}'],
    ['a spaced key', '{"choices":[{"delta":{"content" : "ab"}}]}'],
    ['content in tool-call arguments', chunk('ab', { tool: '{"content":"x"}' })],
    ['a key spelt with an escape', '{"choices":[{"delta":{"con\\u0074ent":0,"content":"ab"}}]}'],
    ['a string value "content"', '{"choices":[{"delta":{"content":"ab","role":"content"}}]}'],
    ['no content at all', '{"choices":[{"delta":{},"finish_reason":"stop"}]}'],
    ['a raw control character in the token', '{"choices":[{"delta":{"content":"a\u0001"}}]}'],
    ['a missing closing brace', '{"choices":[{"delta":{"content":"ab"}}]'],
    ['an unterminated token', '{"choices":[{"delta":{"content":"ab'],
    ['garbage after the token', '{"choices":[{"delta":{"content":"ab"x}}]}'],
    ['text glued to a string before the key', '{"a":"x"content":"ab"}'],
    ['a bare token', '"content":"ab"'],
    ['not JSON', 'data: hello'],
  ])('is JSON.parse for %s', (_, text) => {
    sameAsJsonParse(text)
  })

  it('keeps the token text exactly (the fast path)', () => {
    const value = parseChunkJson(chunk(' 123')) as { choices: [{ delta: { content: string } }] }
    expect(value.choices[0].delta.content).toBe(' 123')
    expect(value).toEqual(JSON.parse(chunk(' 123')))
  })

  const token = fc.oneof(
    fc.string({ maxLength: 10 }),
    anyString({ maxLength: 10 }),
    fc.constantFrom('"', '\\', '"content":"', '\u0000', '\u2028', '}', '0'),
  )
  const extra = fc.dictionary(fc.constantFrom('model', 'content', 'usage', 'x', 'role'), fc.jsonValue({ maxDepth: 2 }))

  it('matches JSON.parse on generated chunks (delta or message, extra members, several choices)', () => {
    fc.assert(
      fc.property(token, extra, fc.boolean(), fc.nat(2), (content, more, whole, before) => {
        const choice = whole ? { index: 0, message: { content } } : { index: 0, delta: { content } }
        const others = Array.from({ length: before }, () => ({ delta: { content: 0 } }))
        sameAsJsonParse(JSON.stringify({ ...more, choices: [...others, choice] }))
      }),
    )
  })

  it('matches JSON.parse on broken chunks (a character inserted, deleted or replaced anywhere)', () => {
    fc.assert(
      fc.property(
        token,
        fc.nat(),
        fc.constantFrom('insert', 'delete', 'replace'),
        fc.string({ minLength: 1, maxLength: 1 }),
        (content, at, edit, c) => {
          const text = chunk(content)
          const i = at % (text.length + 1)
          const broken =
            edit === 'insert'
              ? text.slice(0, i) + c + text.slice(i)
              : edit === 'delete'
                ? text.slice(0, i) + text.slice(i + 1)
                : text.slice(0, i) + c + text.slice(i + 1)
          sameAsJsonParse(broken)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
