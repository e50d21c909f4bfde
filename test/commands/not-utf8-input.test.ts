// Text given as bytes (stdin, --data @file, --input-file, --tools, NDJSON lines) is UTF-8 or refused: a usage error
// naming the byte and its offset, exit 2, nothing sent (src/io/utf8-text.ts). Before, an invalid byte became U+FFFD
// and was sent. No HTTP stub is registered: a request would fail the run with another code.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeUtf8, utf8Stream } from '../../src/io/utf8-text.js'
import { testContext } from '../helpers/test-context.js'

/** `{"a":"x<0xFF>"}`: the bad byte at offset 7. */
const badJson = Buffer.concat([Buffer.from('{"a":"x'), Buffer.from([0xff]), Buffer.from('"}')])
const hookUrl = 'http://hooks.test/api/webhooks/whk_1'
const hookEnv = { AGENTRY_WEBHOOK_SECRET: 'whsec_0123456789abcdef' }
const scenarioEnv = { AGENTRY_SCENARIO_SECRET: 'scn_secret_0123456789' }

describe('bytes that are not UTF-8 are refused before anything is sent', () => {
  it('webhook trigger --data - (stdin)', async () => {
    const t = testContext({ stdin: badJson, env: hookEnv })
    expect(await t.run(['webhook', 'trigger', '--url', hookUrl, '--data', '-'])).toBe(2)
    expect(t.stderr()).toBe(
      'error: --data -: not UTF-8 text (byte 0xFF at offset 7)\nhint: convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8\n',
    )
    expect(t.stdout()).toBe('')
  })

  it('--data @file (webhook trigger, api)', async () => {
    const t = testContext({ env: hookEnv })
    const file = join(t.configDir, 'body.json')
    await writeFile(file, badJson)
    expect(await t.run(['webhook', 'trigger', '--url', hookUrl, '--data', `@${file}`])).toBe(2)
    expect(t.stderr()).toMatch(/^error: --data @.*body\.json: not UTF-8 text \(byte 0xFF at offset 7\)/)
    t.clearOutput()
    expect(await t.run(['api', 'POST', '/{accountId}/agents', '--data', `@${file}`])).toBe(2)
    expect(t.stderr()).toMatch(/not UTF-8 text \(byte 0xFF at offset 7\)/)
  })

  it('scenario run: piped stdin and --input-file', async () => {
    const latin1 = Buffer.from('café au lait', 'latin1')
    const t = testContext({ stdin: latin1, env: scenarioEnv })
    expect(await t.run(['scenario', 'run', 'scn_1', '--signature-header', 'X-Sig'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: the run input \(stdin\): not UTF-8 text \(byte 0xE9 at offset 3\)/)
    const u = testContext({ env: scenarioEnv })
    const file = join(u.configDir, 'in.txt')
    await writeFile(file, latin1)
    expect(await u.run(['scenario', 'run', 'scn_1', '--signature-header', 'X-Sig', '--input-file', file])).toBe(2)
    expect(u.stderr()).toMatch(/--input-file .*in\.txt: not UTF-8 text \(byte 0xE9 at offset 3\)/)
  })

  it('chat: the message on stdin, and stdin as context', async () => {
    const t = testContext({ stdin: Buffer.from([0x68, 0x69, 0xc0, 0xaf]) })
    expect(await t.run(['chat', 'ag_1'])).toBe(2)
    expect(t.stderr()).toMatch(/^error: stdin: not UTF-8 text \(byte 0xC0 at offset 2\)/)
    const u = testContext({ stdin: Buffer.from([0xe2, 0x82]) })
    expect(await u.run(['chat', 'ag_1', 'summarize'])).toBe(2)
    expect(u.stderr()).toMatch(/^error: stdin: not UTF-8 text \(a character cut short at offset 0\)/)
  })

  it('NDJSON lines: cms import from stdin, webhook trigger --batch from stdin', async () => {
    const lines = Buffer.concat([
      Buffer.from('{"data":{"t":"ok"}}\n{"data":{"t":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('"}}\n'),
    ])
    const t = testContext({ stdin: lines })
    expect(await t.run(['cms', 'import', 'posts', '-'])).toBe(2)
    expect(t.stderr()).toMatch(/stdin: not UTF-8 text \(byte 0xED at offset 34\)/)
    const u = testContext({ stdin: lines, env: hookEnv })
    expect(await u.run(['webhook', 'trigger', '--url', hookUrl, '--batch', '-'])).toBe(2)
    expect(u.stderr()).toMatch(/--batch \(stdin\): not UTF-8 text \(byte 0xED at offset 34\)/)
  })

  it('chat --tools', async () => {
    const t = testContext()
    const file = join(t.configDir, 'tools.json')
    await writeFile(file, Buffer.from([0x5b, 0x80, 0x5d]))
    expect(await t.run(['chat', 'ag_1', '-m', 'hi', '--tools', file])).toBe(2)
    expect(t.stderr()).toMatch(/--tools .*tools\.json: not UTF-8 text \(byte 0x80 at offset 1\)/)
  })
})

describe('the strict decoder', () => {
  it('keeps valid text as it is, a BOM included', () => {
    const text = '\uFEFFé€𝄞 \uFFFD'
    expect(decodeUtf8(Buffer.from(text), 'x')).toBe(text)
  })

  it('names the offset from the start of a stream, across chunk boundaries', () => {
    const bytes = Buffer.from('ab€cd𝄞e') // € = 3 bytes, 𝄞 = 4 bytes
    for (let cut = 0; cut <= bytes.length; cut++) {
      const s = utf8Stream('s')
      expect(s.push(bytes.subarray(0, cut)) + s.push(bytes.subarray(cut)) + s.end()).toBe('ab€cd𝄞e')
    }
    const bad = Buffer.concat([Buffer.from('ab€'), Buffer.from([0xf0, 0x9d, 0x41])])
    for (let cut = 0; cut <= bad.length; cut++) {
      const s = utf8Stream('s')
      expect(() => s.push(bad.subarray(0, cut)) + s.push(bad.subarray(cut)) + s.end()).toThrow(
        's: not UTF-8 text (byte 0xF0 at offset 5)',
      )
    }
    const cutShort = utf8Stream('s')
    cutShort.push(Buffer.from('ab'))
    cutShort.push(Buffer.from([0xe2, 0x82]))
    expect(() => cutShort.end()).toThrow('s: not UTF-8 text (a character cut short at offset 2)')
  })

  it.each([
    ['an overlong NUL', [0xc0, 0x80]],
    ['an overlong 3-byte form', [0xe0, 0x80, 0x80]],
    ['a surrogate', [0xed, 0xa0, 0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a 5-byte lead', [0xf8]],
  ])('refuses %s', (_, bytes) => {
    expect(() => decodeUtf8(Buffer.from([0x41, ...bytes]), 'x')).toThrow(/at offset 1\)/)
  })
})
