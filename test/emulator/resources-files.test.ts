import { createHash } from 'node:crypto'
import { crc32 as zlibCrc32, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fileHandlers } from '../../src/emulator/handlers/files.js'
import { imageHandlers } from '../../src/emulator/handlers/images.js'
import { siteHandlers } from '../../src/emulator/handlers/sites.js'
import { crc32, encodePng, patternPng } from '../../src/emulator/png.js'
import { call, setup } from './resources-harness.js'

/** Decodes a PNG as written by encodePng, checking every chunk's CRC independently (node:zlib). */
function decodePng(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const chunks: { type: string; data: Buffer }[] = []
  for (let i = 8; i < png.length; ) {
    const len = png.readUInt32BE(i)
    const type = png.toString('latin1', i + 4, i + 8)
    const data = png.subarray(i + 8, i + 8 + len)
    expect(png.readUInt32BE(i + 8 + len)).toBe(zlibCrc32(png.subarray(i + 4, i + 8 + len)))
    chunks.push({ type, data })
    i += 12 + len
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
  const ihdr = chunks[0]!.data
  const width = ihdr.readUInt32BE(0)
  const height = ihdr.readUInt32BE(4)
  const raw = inflateSync(chunks[1]!.data)
  expect(raw.length).toBe((width * 3 + 1) * height)
  return { width, height, raw }
}

describe('PNG encoder', () => {
  it('computes CRC-32 like zlib', () => {
    for (const s of ['', 'IEND', 'hello world', '\u00ff'.repeat(300)]) expect(crc32(Buffer.from(s))).toBe(zlibCrc32(s))
  })

  it('encodes pixels that decode back', () => {
    const rgb = Uint8Array.from({ length: 3 * 4 * 2 }, (_, i) => (i * 37) % 256)
    const { width, height, raw } = decodePng(encodePng(4, 2, rgb))
    expect([width, height]).toEqual([4, 2])
    expect(raw[0]).toBe(0)
    expect([...raw.subarray(1, 13)]).toEqual([...rgb.subarray(0, 12)])
    expect([...raw.subarray(14)]).toEqual([...rgb.subarray(12)])
  })

  it('paints the same picture for the same seed and a different one otherwise', () => {
    expect(patternPng('a cat', 32, 16).equals(patternPng('a cat', 32, 16))).toBe(true)
    expect(patternPng('a cat', 32, 16).equals(patternPng('a dog', 32, 16))).toBe(false)
    expect(decodePng(patternPng('x', 32, 16))).toMatchObject({ width: 32, height: 16 })
  })
})

describe('sites and pages', () => {
  it('lists sites with page counts and gets pages', async () => {
    const { env } = setup()
    const sites = await call(siteHandlers, 'sitesList', env)
    expect(sites.json.data.map((s: { id: string; pageCount: number }) => [s.id, s.pageCount])).toEqual([
      ['site_docs', 4],
      ['site_blog', 2],
    ])
    expect(sites.json.data[0]).not.toHaveProperty('pages')
    const pages = await call(siteHandlers, 'pagesList', env, { params: { siteId: 'site_docs' }, query: 'limit=3' })
    expect(pages.json.pagination).toEqual({ total: 4, page: 1, page_count: 2, page_size: 3 })
    const page = await call(siteHandlers, 'pagesGet', env, { params: { siteId: 'site_docs', pageId: 'page_faq' } })
    expect(page.json).toMatchObject({ id: 'page_faq', siteId: 'site_docs', title: 'FAQ', path: '/faq' })
    expect((await call(siteHandlers, 'sitesGet', env, { params: { siteId: 'x' } })).status).toBe(404)
    expect((await call(siteHandlers, 'pagesList', env, { params: { siteId: 'x' } })).status).toBe(404)
    const wrongSite = await call(siteHandlers, 'pagesGet', env, { params: { siteId: 'site_blog', pageId: 'page_faq' } })
    expect(wrongSite.status).toBe(404)
  })
})

describe('files', () => {
  it('uploads raw bytes with their type, downloads them, lists by folder and search, and deletes', async () => {
    const { env } = setup()
    const bytes = Buffer.from([0, 1, 2, 255, 254])
    const params = { path: 'reports/2026/q1.bin' }
    const put = await call(fileHandlers, 'filesUpload', env, {
      params,
      raw: bytes,
      headers: { 'Content-Type': 'application/x-custom' },
    })
    expect(put.status).toBe(201)
    expect(put.json).toMatchObject({ path: 'reports/2026/q1.bin', size: 5, contentType: 'application/x-custom' })
    const again = await call(fileHandlers, 'filesUpload', env, { params, raw: 'text', headers: {} })
    expect(again.status).toBe(200)
    expect(again.json).toMatchObject({ size: 4, contentType: 'application/octet-stream' })
    const got = await call(fileHandlers, 'filesDownload', env, { params })
    expect(got.body?.toString()).toBe('text')
    expect(got.contentType).toBe('application/octet-stream')
    expect(got.headers['x-content-type-options']).toBe('nosniff')
    const list = await call(fileHandlers, 'filesList', env, { query: 'path=reports/2026' })
    expect(list.json.data).toEqual([expect.objectContaining({ path: 'reports/2026/q1.bin', type: 'file', size: 4 })])
    expect(list.json.data[0]).not.toHaveProperty('data')
    const docs = await call(fileHandlers, 'filesList', env, { query: 'path=docs' })
    expect(docs.json.data).toEqual([
      { path: 'docs/guides', type: 'folder' },
      expect.objectContaining({ path: 'docs/README.md', type: 'file' }),
    ])
    const top = await call(fileHandlers, 'filesList', env, { query: 'search=RE' })
    expect(top.json.data.map((f: { path: string }) => f.path)).toEqual(['reports', 'shared'])
    expect((await call(fileHandlers, 'filesDelete', env, { params })).status).toBe(204)
    expect((await call(fileHandlers, 'filesDownload', env, { params })).status).toBe(404)
    expect((await call(fileHandlers, 'filesDelete', env, { params })).status).toBe(404)
  })

  it("downloads carry an ETag, the whole file's Repr-Digest and byte ranges (206, If-Range, 416)", async () => {
    const { env } = setup()
    const bytes = Buffer.from('0123456789')
    const params = { path: 'r/ten.txt' }
    await call(fileHandlers, 'filesUpload', env, { params, raw: bytes, headers: {} })
    const full = await call(fileHandlers, 'filesDownload', env, { params })
    expect(full.status).toBe(200)
    expect(full.headers['accept-ranges']).toBe('bytes')
    expect(full.headers['repr-digest']).toBe(`sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`)
    const etag = full.headers.etag!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    const part = await call(fileHandlers, 'filesDownload', env, {
      params,
      headers: { Range: 'bytes=4-', 'If-Range': etag },
    })
    expect([part.status, part.body?.toString(), part.headers['content-range']]).toEqual([206, '456789', 'bytes 4-9/10'])
    expect(part.headers['repr-digest']).toBe(full.headers['repr-digest'])
    const last = await call(fileHandlers, 'filesDownload', env, { params, headers: { Range: 'bytes=-3' } })
    expect([last.status, last.body?.toString()]).toEqual([206, '789'])
    // another version of the file: If-Range no longer matches, the whole file comes back
    const stale = await call(fileHandlers, 'filesDownload', env, {
      params,
      headers: { Range: 'bytes=4-', 'If-Range': '"old"' },
    })
    expect([stale.status, stale.body?.toString()]).toEqual([200, '0123456789'])
    const past = await call(fileHandlers, 'filesDownload', env, { params, headers: { Range: 'bytes=10-' } })
    expect(past.status).toBe(416)
  })

  it.each([
    ...['../etc/passwd', 'a//b', 'a/./b', '/abs', 'a\\b'].map((path) => [path, path]),
    ['of 1025 characters', 'x'.repeat(1025)],
  ])('rejects the unsafe path %s', async (_, path) => {
    const { env } = setup()
    const res = await call(fileHandlers, 'filesUpload', env, { params: { path }, raw: 'x' })
    expect(res.status).toBe(400)
    expect(res.json.error.message).toMatch(/^path /)
  })

  it('rejects an oversized upload', async () => {
    const { env } = setup()
    const big = await call(fileHandlers, 'filesUpload', env, {
      params: { path: 'big.bin' },
      raw: Buffer.alloc(10 * 1024 * 1024 + 1),
    })
    expect(big.status).toBe(413)
  })
})

describe('images', () => {
  it('generates a real PNG stored under generated/<hash>.png, deterministically', async () => {
    const { env, state } = setup()
    const res = await call(imageHandlers, 'imagesGenerate', env, {
      json: { prompt: 'a red fox', size: '64x32' },
      params: { accountId: 'acc_demo' },
    })
    expect(res.status).toBe(200)
    expect(res.json.url).toMatch(
      /^http:\/\/127\.0\.0\.1:4010\/api\/v1beta\/acc_demo\/files\/generated\/[0-9a-f]{24}\.png$/,
    )
    const path = res.json.url.split('/files/')[1]
    const file = await call(fileHandlers, 'filesDownload', env, { params: { path } })
    expect(file.contentType).toBe('image/png')
    expect(decodePng(file.body!)).toMatchObject({ width: 64, height: 32 })
    const again = await call(imageHandlers, 'imagesGenerate', env, {
      json: { prompt: 'a red fox', size: '64x32' },
      params: { accountId: 'acc_demo' },
    })
    expect(again.json.url).toBe(res.json.url)
    const other = await call(imageHandlers, 'imagesGenerate', env, {
      json: { prompt: 'a red fox' },
      params: { accountId: 'acc_demo' },
    })
    expect(other.json.url).not.toBe(res.json.url)
    expect(state.files.get(other.json.path)).toBeDefined()
  })

  it('validates generate bodies', async () => {
    const { env } = setup()
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /^prompt is required/],
      [{ prompt: 'x', size: 'big' }, /^size must look like 256x256/],
      [{ prompt: 'x', size: '2048x2048' }, /^size: each side must be 1 to 1024 pixels/],
      [{ prompt: 'x', size: '0x10' }, /^size: each side/],
      [{ prompt: 'x', n: 2 }, /^unknown field "n"/],
    ]
    for (const [json, message] of cases) {
      const res = await call(imageHandlers, 'imagesGenerate', env, { json, params: { accountId: 'acc_demo' } })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.json.error.message).toMatch(message)
    }
  })

  it('describes the real properties of a data: URL image', async () => {
    const { env } = setup()
    const png = patternPng('seed', 20, 10)
    const imageUrl = `data:image/png;base64,${png.toString('base64')}`
    const res = await call(imageHandlers, 'imagesAnalyze', env, { json: { imageUrl, prompt: 'What is it?' } })
    expect(res.status).toBe(200)
    expect(res.json.text).toContain('PNG, 20×10 pixels')
    expect(res.json.text).toContain(`${png.length} bytes (image/png)`)
    expect(res.json.text).toContain('What is it?')
    const notImage = await call(imageHandlers, 'imagesAnalyze', env, { json: { imageUrl: 'data:text/plain,hello' } })
    expect(notImage.json.text).toContain('5 bytes of text/plain')
  })

  it('describes the emulator own file URLs from their bytes, and other URLs deterministically without fetching', async () => {
    const { env } = setup()
    const gen = await call(imageHandlers, 'imagesGenerate', env, {
      json: { prompt: 'tree', size: '48x48' },
      params: { accountId: 'acc_demo' },
    })
    const own = await call(imageHandlers, 'imagesAnalyze', env, {
      json: { imageUrl: gen.json.url, prompt: 'p' },
      params: { accountId: 'acc_demo' },
    })
    expect(own.json.text).toContain('48×48')
    const remote = { imageUrl: 'https://images.example.com/photos/lake.jpg', prompt: 'p' }
    const a = await call(imageHandlers, 'imagesAnalyze', env, { json: remote })
    const b = await call(imageHandlers, 'imagesAnalyze', env, { json: remote })
    expect(a.json.text).toBe(b.json.text)
    expect(a.json.text).toContain('lake.jpg')
    const c = await call(imageHandlers, 'imagesAnalyze', env, {
      json: { ...remote, imageUrl: `${remote.imageUrl}?v=2` },
    })
    expect(c.status).toBe(200)
    for (const imageUrl of ['ftp://x/y.png', 'not a url', 'javascript:alert(1)']) {
      const bad = await call(imageHandlers, 'imagesAnalyze', env, { json: { imageUrl } })
      expect(bad.status, imageUrl).toBe(400)
      expect(bad.json.error.message).toMatch(/^imageUrl/)
    }
  })
})
