// `agentry files list|upload|download|delete`, in-process: uploads stream the bytes with a guessed Content-Type
// (checked in the real emulator's store), downloads are written atomically, binary is never written to a terminal
// unless asked, and paths and --yes are checked before anything is sent.
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { contentTypeFor, isTextual } from '../../src/files/content-type.js'
import { remotePathProblem } from '../../src/files/transfer.js'
import { testAccount, testContext } from '../helpers/test-context.js'
import { tempDir } from '../helpers/temp-dir.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { itShowsExamples } from '../helpers/help.js'
import { clearFaults, injectFault } from '../helpers/emulator-faults.js'
import { startDocumentedServer } from '../helpers/documented-server.js'
import { runCommand } from '../helpers/run-command.js'

const fx = emulatorFixture()

const putStored = (path: string, bytes: Buffer) =>
  fx.emu.state.files.set(path, {
    path,
    contentType: 'application/octet-stream',
    data: bytes.toString('base64'),
    size: bytes.length,
    updatedAt: new Date().toISOString(),
  })

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

  it('uploads under the file name by default and lists it by --search', async () => {
    const dir = tempDir()
    const local = join(dir, 'notes.md')
    writeFileSync(local, '# notes\n')
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'upload', local])).toBe(0)
    expect(stored('notes.md')).toEqual({ bytes: Buffer.from('# notes\n'), contentType: 'text/markdown; charset=utf-8' })
    t.clearOutput()
    expect(await t.run(['files', 'list', '--search', 'notes'])).toBe(0)
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

describe('files: one-shot faults are retried as every idempotent call (--retries)', () => {
  const bytes = Buffer.concat([Buffer.from('start'), randomBytes(300_000), Buffer.from('end')])
  const seed = (path: string) => putStored(path, bytes)
  afterEach(() => clearFaults(fx.emu))

  it('upload: a 503, a 429 and a reset of the PUT are retried, the file opened again for each try', async () => {
    const dir = tempDir()
    const local = join(dir, 'up.bin')
    writeFileSync(local, bytes)
    for (const fault of [{ status: 503 }, { status: 429, retryAfter: 0 }, { resetAfterBytes: 0 }]) {
      fx.emu.state.files.delete('retry/up.bin')
      await injectFault(fx.emu, { match: { method: 'PUT' }, ...fault })
      const t = emulatorContext(fx)
      expect(await t.run(['files', 'upload', local, '--to', 'retry/up.bin', '--json']), t.stderr()).toBe(0)
      expect(stored('retry/up.bin')?.bytes.equals(bytes), JSON.stringify(fault)).toBe(true)
    }
    // --retries 0: the 503 ends the run (exit 7)
    await injectFault(fx.emu, { match: { method: 'PUT' }, status: 503 })
    const t = emulatorContext(fx)
    expect(await t.run(['--retries', '0', 'files', 'upload', local, '--to', 'retry/up.bin'])).toBe(7)
  })

  it('download: a reset mid-body resumes with Range from where it stopped, into the temp file', async () => {
    seed('retry/down.bin')
    await injectFault(fx.emu, {
      match: { method: 'GET', path: '^/api/v1beta/[^/]+/files/retry/' },
      resetAfterBytes: 100_000,
    })
    const out = join(tempDir(), 'down.bin')
    const t = emulatorContext(fx)
    expect(await t.run(['--debug', 'files', 'download', 'retry/down.bin', '--out', out]), t.stderr()).toBe(0)
    expect(readFileSync(out).equals(bytes)).toBe(true)
    expect(t.stderr()).toMatch(/> range: bytes=\d+-\n/)
    expect(t.stderr()).toMatch(/> if-range: "[0-9a-f]+"/)
    expect(t.stderr()).toMatch(/< 206 /)
  })

  it('download: a stall mid-body (AGENTRY_IDLE_TIMEOUT) is retried', async () => {
    seed('retry/stall.bin')
    await injectFault(fx.emu, {
      match: { method: 'GET', path: '^/api/v1beta/[^/]+/files/retry/' },
      stallAfterBytes: 50_000,
      stallMs: 10_000,
    })
    const out = join(tempDir(), 'stall.bin')
    const t = emulatorContext(fx, { env: { AGENTRY_IDLE_TIMEOUT: '0.3' } })
    expect(await t.run(['files', 'download', 'retry/stall.bin', '--out', out]), t.stderr()).toBe(0)
    expect(readFileSync(out).equals(bytes)).toBe(true)
  })

  it('download: a body cut short with a clean chunked end fails the digest check and is fetched again', async () => {
    seed('retry/short.bin')
    const match = { method: 'GET', path: '^/api/v1beta/[^/]+/files/retry/' }
    await injectFault(fx.emu, { match, truncateAfterBytes: 1000 })
    const dir = tempDir()
    const out = join(dir, 'short.bin')
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'download', 'retry/short.bin', '--out', out]), t.stderr()).toBe(0)
    expect(readFileSync(out).equals(bytes)).toBe(true)
    // with no retry left it is an error (exit 8), and nothing is saved
    await injectFault(fx.emu, { match, truncateAfterBytes: 1000 })
    const u = emulatorContext(fx)
    rmSync(out)
    expect(await u.run(['--retries', '0', 'files', 'download', 'retry/short.bin', '--out', out])).toBe(8)
    expect(u.stderr()).toMatch(/GET retry\/short\.bin: the file does not match the sha256 digest the server sent/)
    expect(readdirSync(dir)).toEqual([])
  })

  it('download to stdout: a reset resumes with Range, so stdout gets every byte once', async () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join('')
    putStored('retry/pipe.txt', Buffer.from(text))
    await injectFault(fx.emu, {
      match: { method: 'GET', path: '^/api/v1beta/[^/]+/files/retry/' },
      resetAfterBytes: 100_000,
    })
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'download', 'retry/pipe.txt', '--out', '-']), t.stderr()).toBe(0)
    expect(t.stdout()).toBe(text)
  })

  it('--help says what is checked, and that a server declaring neither size nor digest and listing no size cannot be', async () => {
    const t = testContext()
    expect(await t.run(['files', 'download', '--help'])).toBe(0)
    expect(t.stdout()).toMatch(/declares neither and lists no size cannot be checked/)
  })
})

describe('files download checked against the size the listing gives', () => {
  // a 200 text/html page of 62 bytes, chunked (no Content-Length), no digest, for a file listed at 300,000 bytes
  const page = '<html><body>Please sign in to continue.</body></html>\n\n\n\n\n\n\n\n\n'
  const serve = (listed: number | undefined, declared: Record<string, string> = {}) =>
    startDocumentedServer([
      {
        method: 'GET',
        pattern: '/{accountId}/files',
        handle: ({ res, query }) => {
          const items = query.get('search') === 'big.bin' ? [{ path: 'big.bin', size: listed }] : []
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(items))
        },
      },
      {
        method: 'GET',
        pattern: '/{accountId}/files/{path}',
        handle: ({ res }) => {
          res.writeHead(200, { 'content-type': 'text/html', ...declared })
          res.end(page)
        },
      },
    ])
  const env = (baseUrl: string) => ({
    AGENTRY_BASE_URL: baseUrl,
    AGENTRY_ACCOUNT: 'acc_1',
    AGENTRY_API_KEY: 'agk_test_0123456789',
  })

  it('a body of another size than the listing says: exit 8, both sizes named, nothing saved', async () => {
    expect(Buffer.byteLength(page)).toBe(62)
    const server = await serve(300_000)
    try {
      const dir = tempDir()
      const out = join(dir, 'big.bin')
      const r = await runCommand(['files', 'download', 'big.bin', '--out', out], { env: env(server.baseUrl) })
      expect(r.exitCode, r.stderr).toBe(8)
      expect(r.stderr).toContain(
        'GET big.bin: the server sent 62 bytes (text/html) but the file listing says 300000 bytes',
      )
      expect(readdirSync(dir)).toEqual([])
      // not fetched again: the same page would come
      expect(server.requests.filter((q) => q.path.endsWith('/files/big.bin'))).toHaveLength(1)
      // to stdout the bytes are out, and the exit code says they are not the file
      const piped = await runCommand(['files', 'download', 'big.bin'], { env: env(server.baseUrl) })
      expect(piped.exitCode).toBe(8)
    } finally {
      await server.close()
    }
  })

  it('the page declaring its own length (or digest) is still checked against the listing: exit 8', async () => {
    const digest = `sha-256=:${createHash('sha256').update(page).digest('base64')}:`
    const answers: Record<string, string>[] = [
      { 'content-length': '62' },
      { 'content-length': '62', 'repr-digest': digest },
    ]
    for (const declared of answers) {
      const server = await serve(300_000, declared)
      try {
        const dir = tempDir()
        const r = await runCommand(['files', 'download', 'big.bin', '--out', join(dir, 'big.bin')], {
          env: env(server.baseUrl),
        })
        expect(r.exitCode, r.stderr).toBe(8)
        expect(r.stderr).toContain('the server sent 62 bytes (text/html) but the file listing says 300000 bytes')
        expect(readdirSync(dir)).toEqual([])
      } finally {
        await server.close()
      }
    }
  })

  it('a body of the listed size is saved; with no listed size it cannot be checked and is saved', async () => {
    for (const listed of [62, undefined]) {
      const server = await serve(listed)
      try {
        const out = join(tempDir(), 'big.bin')
        const r = await runCommand(['files', 'download', 'big.bin', '--out', out], { env: env(server.baseUrl) })
        expect(r.exitCode, r.stderr).toBe(0)
        expect(readFileSync(out, 'utf8')).toBe(page)
      } finally {
        await server.close()
      }
    }
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

  it('list sends the folder as path (from --prefix too) and the paging options', async () => {
    const t = testContext()
    t.http
      .get(`/api/v1beta/${testAccount}/files?page=2&limit=5&path=img`)
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
