// `agentry files list|upload|download|delete`, in-process: uploads stream the bytes with a guessed Content-Type
// (checked in the real emulator's store), downloads are written atomically, binary is never written to a terminal
// unless asked, and paths and --yes are checked before anything is sent.
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentTypeFor, isTextual } from '../../src/commands/files/content-type.js'
import { remotePathProblem } from '../../src/commands/files/transfer.js'
import { testAccount, testContext } from '../helpers/test-context.js'
import { tempDir } from '../helpers/temp-dir.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { itShowsExamples } from '../helpers/help.js'

const fx = emulatorFixture()

const stored = (path: string) => {
  const f = fx.emu.state.files.get(path)
  return f && { bytes: Buffer.from(f.data, 'base64'), contentType: f.contentType }
}

describe('files upload and download against the emulator', () => {
  it('uploads the exact bytes with a type from the extension (or --content-type), then downloads them', async () => {
    const dir = tempDir()
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(200_000)])
    const local = join(dir, 'blob.png')
    writeFileSync(local, bytes)
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'upload', local, '--to', 'test/blob.png', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({
      path: 'test/blob.png',
      size: bytes.length,
      contentType: 'image/png',
    })
    expect(stored('test/blob.png')).toEqual({ bytes, contentType: 'image/png' })

    expect(
      await t.run(['files', 'upload', local, '--to', 'test/raw.bin', '--content-type', 'application/x-thing']),
    ).toBe(0)
    expect(stored('test/raw.bin')?.contentType).toBe('application/x-thing')

    const out = join(dir, 'back.png')
    t.clearOutput()
    expect(await t.run(['files', 'download', 'test/blob.png', '--out', out])).toBe(0)
    expect(readFileSync(out).equals(bytes)).toBe(true)
    expect(t.stderr()).toBe(`saved test/blob.png (${bytes.length} bytes) to ${out}\n`)
    expect(readdirSync(dir).sort()).toEqual(['back.png', 'blob.png'])

    // a directory as --out gets the remote's base name
    const sub = join(dir, 'sub')
    rmSync(sub, { recursive: true, force: true })
    mkdirSync(sub)
    expect(await t.run(['files', 'download', 'test/blob.png', '--out', sub])).toBe(0)
    expect(readFileSync(join(sub, 'blob.png')).equals(bytes)).toBe(true)
  })

  it('uploads under the file name by default and lists by prefix', async () => {
    const dir = tempDir()
    const local = join(dir, 'notes.md')
    writeFileSync(local, '# notes\n')
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'upload', local])).toBe(0)
    expect(stored('notes.md')).toEqual({ bytes: Buffer.from('# notes\n'), contentType: 'text/markdown; charset=utf-8' })
    t.clearOutput()
    expect(await t.run(['files', 'list', '--prefix', 'notes'])).toBe(0)
    expect(t.stdout()).toMatch(/^notes\.md\t8\ttext\/markdown; charset=utf-8\t\S+\n$/)
  })

  it('refuses to write binary to a terminal unless --out - is given; text is fine', async () => {
    const t = emulatorContext(fx, { tty: true })
    expect(await t.run(['files', 'download', 'images/logo.png'])).toBe(2)
    expect(t.stderr()).toMatch(/images\/logo\.png is image\/png; not writing it to a terminal/)
    expect(t.stdout()).toBe('')
    t.clearOutput()
    expect(await t.run(['files', 'download', 'images/logo.png', '--out', '-'])).toBe(0)
    expect(t.stdout().length).toBeGreaterThan(0)
    t.clearOutput()
    expect(await t.run(['files', 'download', 'docs/README.md'])).toBe(0)
    expect(t.stdout()).toBe(stored('docs/README.md')!.bytes.toString('utf8'))
  })

  it('a failed download leaves no file and keeps an older one', async () => {
    const dir = tempDir()
    const out = join(dir, 'x.bin')
    writeFileSync(out, 'old')
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'download', 'no/such/file', '--out', out])).toBe(3)
    expect(readdirSync(dir)).toEqual(['x.bin'])
    expect(readFileSync(out, 'utf8')).toBe('old')
  })

  it('delete needs --yes off a terminal, then removes the file', async () => {
    const t = emulatorContext(fx)
    fx.emu.state.files.set('tmp/del.txt', {
      path: 'tmp/del.txt',
      contentType: 'text/plain',
      data: Buffer.from('x').toString('base64'),
      size: 1,
      updatedAt: new Date().toISOString(),
    })
    expect(await t.run(['files', 'delete', 'tmp/del.txt'])).toBe(2)
    expect(fx.emu.state.files.has('tmp/del.txt')).toBe(true)
    expect(await t.run(['files', 'rm', 'tmp/del.txt', '--yes'])).toBe(0)
    expect(fx.emu.state.files.has('tmp/del.txt')).toBe(false)
  })
})

describe('files: checks before sending', () => {
  it.each([
    [['upload', '/nonexistent/x.txt'], /^error: \/nonexistent\/x\.txt: no such file$/m],
    [['upload', 'package.json', '--to', '/abs.json'], /--to "\/abs.json": it must be relative/],
    [['upload', 'package.json', '--to', 'a/../b'], /must not contain empty, "\." or "\.\." segments/],
    [['upload', 'package.json', '--content-type', 'nonsense'], /--content-type: must look like type\/subtype/],
    [['download', 'a//b'], /the remote path "a\/\/b"/],
    [
      ['download', 'x', '--out', '/nonexistent/dir/x'],
      /--out \/nonexistent\/dir\/x: cannot write there \(the directory/,
    ],
    [['delete', '/x', '--yes'], /the remote path "\/x": it must be relative/],
  ])('files %j exits 2', async (args, pattern) => {
    const t = testContext()
    expect(await t.run(['files', ...args])).toBe(2)
    expect(t.stderr()).toMatch(pattern)
  })

  it('list sends --prefix and the paging options', async () => {
    const t = testContext()
    t.http
      .get(`/api/v1beta/${testAccount}/files?prefix=img%2F&page=2&limit=5`)
      .reply(200, { data: [{ path: 'img/a.png', size: 3, contentType: 'image/png' }] })
    expect(await t.run(['files', 'ls', '--prefix', 'img/', '--page', '2', '--limit', '5'])).toBe(0)
    expect(t.stdout()).toBe('img/a.png\t3\timage/png\t\n')
  })

  it('guesses types and knows which are text', () => {
    expect(contentTypeFor('A.JPG')).toBe('image/jpeg')
    expect(contentTypeFor('x.unknown')).toBe('application/octet-stream')
    expect(contentTypeFor('noext')).toBe('application/octet-stream')
    expect(isTextual('text/plain; charset=utf-8')).toBe(true)
    expect(isTextual('application/ld+json')).toBe(true)
    expect(isTextual('image/png')).toBe(false)
    expect(isTextual(undefined)).toBe(false)
    expect(remotePathProblem('a/b.txt')).toBeUndefined()
    expect(remotePathProblem('a\u0001b')).toMatch(/control characters/)
  })
})

describe('--help', () => {
  itShowsExamples([['files'], ['files', 'list'], ['files', 'upload'], ['files', 'download'], ['files', 'delete']])
})
