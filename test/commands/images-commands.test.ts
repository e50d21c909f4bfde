// `agentry images analyze|generate`, in-process: local files become data: URLs after a magic-byte check and a size
// limit, URLs go as is, and a generated image is downloaded with the credential only from the service's origin.
import { readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stubCall } from '../helpers/http-stub.js'
import { type TestContext, testAccount, testApiKey, testContext, testOrigin } from '../helpers/test-context.js'
import { tempDir } from '../helpers/temp-dir.js'
import { itShowsExamples } from '../helpers/help.js'

const base = `/api/v1beta/${testAccount}/images`
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de', 'hex')

/** Stubs a POST and records its JSON body. */
const stubPost = (t: TestContext, path: string, reply: object) => stubCall(t, 'POST', path, 200, reply)

/** Stubs a GET of raw bytes on an origin and records the Authorization header it got. */
function stubBytes(t: TestContext, origin: string, path: string, bytes: Buffer) {
  const auth: (string | undefined)[] = []
  t.agent
    .get(origin)
    .intercept({ path, method: 'GET' })
    .reply((req) => {
      auth.push((req.headers as Record<string, string>).authorization)
      return { statusCode: 200, data: bytes, responseOptions: { headers: { 'content-type': 'image/png' } } }
    })
  return auth
}

describe('images analyze', () => {
  it('sends a local PNG as a data: URL (typed by its bytes, not its name) with the prompt; prints the text', async () => {
    const dir = tempDir()
    const file = join(dir, 'photo.jpg') // misnamed: the bytes say PNG
    writeFileSync(file, png)
    const t = testContext()
    const bodies = stubPost(t, `${base}/analyze`, { text: 'A tiny image.' })
    expect(await t.run(['images', 'analyze', file, '--prompt', 'What is it?'])).toBe(0)
    expect(bodies).toEqual([{ imageUrl: `data:image/png;base64,${png.toString('base64')}`, prompt: 'What is it?' }])
    expect(t.stdout()).toBe('A tiny image.\n')
  })

  it('sends an http(s) URL as is; --json prints the answer object', async () => {
    const t = testContext()
    const bodies = stubPost(t, `${base}/analyze`, { text: 'A chart.' })
    expect(await t.run(['images', 'analyze', 'https://example.com/c.png', '--json'])).toBe(0)
    expect(bodies).toEqual([{ imageUrl: 'https://example.com/c.png', prompt: 'Describe this image' }])
    expect(JSON.parse(t.stdout())).toEqual({ text: 'A chart.' })
  })

  it('refuses files that are not images, too large, or missing, before sending anything (exit 2)', async () => {
    const dir = tempDir()
    const text = join(dir, 'notes.png')
    writeFileSync(text, 'not an image at all')
    const huge = join(dir, 'huge.png')
    writeFileSync(huge, png)
    truncateSync(huge, 21 * 1024 * 1024) // sparse: the limit is checked before reading
    const cases: [string, RegExp][] = [
      [text, /notes\.png: not a PNG, JPEG, GIF or WebP image/],
      [huge, /huge\.png: 21\.0 MiB is over the 20\.0 MiB limit/],
      [join(dir, 'missing.png'), /missing\.png: no such file/],
      ['ftp://example.com/x.png', /only http\(s\) URLs, data: URLs and local files/],
    ]
    for (const [arg, pattern] of cases) {
      const t = testContext()
      expect(await t.run(['images', 'analyze', arg])).toBe(2)
      expect(t.stderr()).toMatch(pattern)
    }
  })
})

describe('images generate', () => {
  it('prints the URL; checks --size first', async () => {
    const t = testContext()
    const url = `${testOrigin}/api/v1beta/${testAccount}/files/generated/x.png`
    const bodies = stubPost(t, `${base}/generate`, { url })
    expect(await t.run(['images', 'generate', '-p', 'a cat', '--size', '64x32'])).toBe(0)
    expect(bodies).toEqual([{ prompt: 'a cat', size: '64x32' }])
    expect(t.stdout()).toBe(`${url}\n`)
    for (const size of ['64', '0x5', '64x32x1', 'axb']) {
      const t2 = testContext()
      expect(await t2.run(['images', 'generate', '-p', 'x', '--size', size])).toBe(2)
      expect(t2.stderr()).toMatch(/--size: must be WIDTHxHEIGHT/)
    }
  })

  it('--out downloads it with the credential from the service, atomically', async () => {
    const dir = tempDir()
    const out = join(dir, 'cat.png')
    const t = testContext()
    const path = `/api/v1beta/${testAccount}/files/generated/x.png`
    stubPost(t, `${base}/generate`, { url: `${testOrigin}${path}` })
    const auth = stubBytes(t, testOrigin, path, png)
    expect(await t.run(['images', 'generate', '-p', 'a cat', '--out', out])).toBe(0)
    expect(auth).toEqual([`Bearer ${testApiKey}`])
    expect(readFileSync(out).equals(png)).toBe(true)
    expect(readdirSync(dir)).toEqual(['cat.png'])
    expect(t.stdout()).toBe('')
    expect(t.stderr()).toBe(`saved the image to ${out}\n`)
  })

  it('--out on another origin downloads without the credential; --json prints the answer and where it went', async () => {
    const dir = tempDir()
    const out = join(dir, 'cat.png')
    const t = testContext()
    stubPost(t, `${base}/generate`, { url: 'https://cdn.example.com/i/1.png' })
    const auth = stubBytes(t, 'https://cdn.example.com', '/i/1.png', png)
    expect(await t.run(['images', 'generate', '-p', 'a cat', '--out', out, '--json'])).toBe(0)
    expect(auth).toEqual([undefined])
    expect(JSON.parse(t.stdout())).toEqual({ url: 'https://cdn.example.com/i/1.png', savedTo: out })
  })
})

describe('--help', () => {
  itShowsExamples([['images'], ['images', 'analyze'], ['images', 'generate']])
})
