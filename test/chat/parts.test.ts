// The chat engine's pure parts: images (magic bytes, size), --tools validation, JSONL transcripts (round trip, torn
// last line, reset lines, atomic append), and the wire form of messages.
import { readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maxImageBytes, resolveImage, sniffImageType } from '../../src/chat/images.js'
import { userMessage, wireHistory } from '../../src/chat/messages.js'
import type { ChatMessage } from '../../src/chat/session.js'
import { parseToolDefinitions } from '../../src/chat/tools.js'
import { TranscriptWriter, transcriptLine, writeTranscript } from '../../src/chat/transcript.js'
import { parseTranscript } from '../../src/chat/transcript-read.js'
import { patternPng } from '../../src/emulator/png.js'
import { tempFile } from './helpers.js'
import { tempDir } from '../helpers/temp-dir.js'

const signatures: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff, 0xe0]],
  ['image/gif', [...Buffer.from('GIF89a')]],
  ['image/webp', [...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBP')]],
]

describe('images', () => {
  it('recognises each type by its signature, whatever follows', () => {
    for (const [type, sig] of signatures) {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 64 }), (rest) => {
          expect(sniffImageType(Uint8Array.from([...sig, ...rest]))).toBe(type)
        }),
      )
    }
  })

  it('recognises nothing in bytes that start with none of the signatures', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        fc.pre(![0x89, 0xff, 0x47, 0x52].includes(bytes[0] ?? -1))
        expect(sniffImageType(bytes)).toBeUndefined()
      }),
    )
  })

  it('turns a local PNG into a data URL with its exact bytes, and passes URLs as they are', async () => {
    const png = patternPng('seed', 8, 8)
    const item = await resolveImage(tempFile('pic.bin', png))
    expect(item.type).toBe('image_url')
    const url = item.type === 'image_url' ? item.image_url.url : ''
    expect(url.startsWith('data:image/png;base64,')).toBe(true)
    expect(Buffer.from(url.split(',')[1] ?? '', 'base64').equals(png)).toBe(true)
    expect(await resolveImage('https://example.com/a.png')).toEqual({
      type: 'image_url',
      image_url: { url: 'https://example.com/a.png' },
    })
  })

  it('refuses a file that is not an image, a missing file, an unknown scheme and an oversized file', async () => {
    await expect(resolveImage(tempFile('notes.png', 'hello'))).rejects.toThrow(/not a PNG, JPEG, GIF or WebP/)
    await expect(resolveImage(join(tempDir(), 'missing.png'))).rejects.toThrow(/no such file/)
    await expect(resolveImage('ftp://host/a.png')).rejects.toThrow(/only http\(s\) URLs/)
    // a PNG's signature then zeros up to 20 MiB + 1, as a sparse file: the same bytes, without writing them
    const big = tempFile('big.png', Uint8Array.from(signatures[0]![1]))
    truncateSync(big, maxImageBytes + 1)
    await expect(resolveImage(big)).rejects.toThrow(/over the 20\.0 MiB limit/)
  })
})

describe('--tools', () => {
  const good = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }

  it('accepts an array, or a request body with a tools member', () => {
    expect(parseToolDefinitions([good], 'f')).toHaveLength(1)
    expect(parseToolDefinitions({ tools: [good, { ...good, function: { name: 'other' } }] }, 'f')).toHaveLength(2)
  })

  it('names the bad item, its tool and the member', () => {
    expect(() => parseToolDefinitions({}, '--tools t.json')).toThrow(/--tools t.json: expected a JSON array/)
    expect(() => parseToolDefinitions([good, { type: 'function', function: { name: '' } }], 'f')).toThrow(
      /f: item 1 \(\): function.name:/,
    )
    expect(() => parseToolDefinitions([{ type: 'x', function: { name: 'a' } }], 'f')).toThrow(/item 0 \(a\): type/)
    expect(() => parseToolDefinitions([good, good], 'f')).toThrow(/item 1 \(get_weather\): a second tool/)
    const arrayParams = { type: 'function', function: { name: 'b', parameters: { type: 'array' } } }
    expect(() => parseToolDefinitions([arrayParams], 'f')).toThrow(/parameters.type must be "object"/)
  })
})

const messageArb: fc.Arbitrary<ChatMessage> = fc.oneof(
  fc.string().map((t) => userMessage(t)),
  fc.record({ role: fc.constant('assistant' as const), content: fc.string() }),
  fc.record({
    role: fc.constant('tool' as const),
    content: fc.string(),
    tool_call_id: fc.string({ minLength: 1 }),
    name: fc.string({ minLength: 1 }),
  }),
)

describe('transcripts', () => {
  it('round-trips any conversation through JSONL', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ minLength: 1 }), { nil: undefined }), fc.array(messageArb), (system, msgs) => {
        const text =
          (system === undefined ? '' : transcriptLine({ role: 'system', content: system })) +
          msgs.map((m) => transcriptLine(m, { createdAt: '2026-01-01T00:00:00Z', finish_reason: 'stop' })).join('')
        const back = parseTranscript(text, 't')
        expect(back.system).toBe(system)
        expect(back.messages).toEqual(msgs)
      }),
    )
  })

  it('skips a torn last line with a warning, but refuses a broken line in the middle', () => {
    const line = transcriptLine(userMessage('hi'))
    const torn = parseTranscript(`${line}{"role":"assis`, 't')
    expect(torn.messages).toEqual([userMessage('hi')])
    expect(torn.warnings[0]).toMatch(/line 2 is incomplete/)
    expect(() => parseTranscript(`{"role":\n${line}`, 't')).toThrow(/t: line 1 is not valid JSON/)
    expect(() => parseTranscript('{"role":"wizard","content":"x"}\n', 't')).toThrow(/t: line 1: role/)
  })

  it('resumes the conversation after the last reset line', () => {
    const text = [
      transcriptLine({ role: 'system', content: 'old' }),
      transcriptLine(userMessage('old question')),
      '{"type":"reset"}\n',
      transcriptLine(userMessage('new question')),
    ].join('')
    expect(parseTranscript(text, 't')).toEqual({
      system: undefined,
      messages: [userMessage('new question')],
      warnings: [],
    })
  })

  it('appends to a file that holds another conversation after a reset line, and writes whole files atomically', async () => {
    const path = tempFile('t.jsonl', transcriptLine(userMessage('earlier')))
    const w = new TranscriptWriter(path, false, undefined)
    await w.append('sys', [{ message: userMessage('now') }])
    await w.append('sys', [{ message: { role: 'assistant', content: 'answer' } }])
    await w.close()
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n')
    expect(lines.map((l) => JSON.parse(l).role ?? JSON.parse(l).type)).toEqual([
      'user',
      'reset',
      'system',
      'user',
      'assistant',
    ])
    expect(parseTranscript(readFileSync(path, 'utf8'), 't').messages).toHaveLength(2)
    const whole = join(tempDir(), 'whole.jsonl')
    writeFileSync(whole, 'junk that is replaced\n')
    await writeTranscript(whole, undefined, [userMessage('a'), { role: 'assistant', content: 'b' }])
    expect(parseTranscript(readFileSync(whole, 'utf8'), 't').messages).toHaveLength(2)
  })
})

describe('the wire form', () => {
  it('puts the extra system prompt first, leaves out empty answers, and sends null content beside tool calls', () => {
    const call = { id: 'c1', type: 'function' as const, function: { name: 'f', arguments: '{}' } }
    const wire = wireHistory('be brief', [
      userMessage('a'),
      { role: 'assistant', content: '' },
      userMessage('b'),
      { role: 'assistant', content: '', tool_calls: [call] },
    ])
    expect(wire).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
      { role: 'user', content: [{ type: 'text', text: 'b' }] },
      { role: 'assistant', content: null, tool_calls: [call] },
    ])
  })
})
