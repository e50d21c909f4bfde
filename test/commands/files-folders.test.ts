// `files list [<folder>]` as the public clients list files (`path`, `search`; folders), and `files url|mkdir|mv`,
// in-process against the emulator (its clock a test's own, for a signed URL's end) and against a server answering
// in the public clients' shape (mattlevine/sideboard SchemaFileDatasource.ts).
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { testAccount, testContext } from '../helpers/test-context.js'

let clock = Date.parse('2026-06-01T12:00:00Z')
const fx = emulatorFixture({ emulator: { now: () => clock } })

describe('files list by folder, with folders', () => {
  it('lists the top: folders first (marked with / and type folder), then files', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'list'])).toBe(0)
    expect(t.stdout()).toBe(
      'data/\t\tfolder\t\ndocs/\t\tfolder\t\nimages/\t\tfolder\t\nshared/\t\tfolder\t2025-01-14T00:00:00.000Z\n',
    )
    t.clearOutput()
    expect(await t.run(['files', 'list', 'docs', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual([
      { path: 'docs/guides', type: 'folder' },
      expect.objectContaining({ path: 'docs/README.md', type: 'file', contentType: 'text/markdown', size: 45 }),
    ])
  })

  it('--search keeps names holding the text; --prefix is the argument by its older name', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'list', 'docs/', '--search', 'READ', '--jq', '.[].path'])).toBe(0)
    expect(t.stdout()).toBe('docs/README.md\n')
    t.clearOutput()
    expect(await t.run(['files', 'ls', '--prefix', 'docs/guides', '--jq', '.[].path'])).toBe(0)
    expect(t.stdout()).toBe('docs/guides/getting-started.md\n')
    t.clearOutput()
    expect(await t.run(['files', 'list', 'docs', '--prefix', 'images'])).toBe(2)
    expect(t.stderr()).toMatch(/give the folder once/)
  })

  it('sends path and search as the public clients do', async () => {
    const t = testContext()
    t.http.get(`/api/v1beta/${testAccount}/files?path=img&search=logo&page=1`).reply(200, [])
    expect(await t.run(['files', 'ls', 'img/', '--search', 'logo'])).toBe(0)
  })

  it('reads the public clients’ shape: a bare array, snake_case members, folders marked three ways', async () => {
    const t = testContext()
    t.http.get(`/api/v1beta/${testAccount}/files?page=1`).reply(200, [
      { name: 'a', path: 'a', type: 'folder' },
      { path: 'b', is_folder: true },
      { path: 'c/' },
      {
        path: 'd.png',
        size: 3,
        content_type: 'image/png',
        updated_at: '2026-01-01T00:00:00Z',
        fileUrl: 'https://x/d',
      },
      { name: 'e.txt', mime_type: 'text/plain', url: 'https://x/e' },
    ])
    expect(await t.run(['files', 'list', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual([
      { name: 'a', path: 'a', type: 'folder' },
      { path: 'b', type: 'folder' },
      { path: 'c', type: 'folder' },
      {
        path: 'd.png',
        type: 'file',
        size: 3,
        contentType: 'image/png',
        updatedAt: '2026-01-01T00:00:00Z',
        url: 'https://x/d',
      },
      { name: 'e.txt', path: 'e.txt', type: 'file', contentType: 'text/plain', url: 'https://x/e' },
    ])
    t.clearOutput()
    t.http.get(`/api/v1beta/${testAccount}/files?page=1`).reply(200, [{ path: 'c/' }, { path: 'd.png', size: 3 }])
    expect(await t.run(['files', 'list'])).toBe(0)
    expect(t.stdout()).toBe('c/\t\tfolder\t\nd.png\t3\t\t\n')
  })
})

describe('files mkdir, mv and url', () => {
  it('mkdir makes an empty folder the list shows; again is no error', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'mkdir', 'archive/2026', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ path: 'archive/2026', type: 'folder' })
    expect(await t.run(['files', 'mkdir', 'archive/2026/'])).toBe(0)
    t.clearOutput()
    expect(await t.run(['files', 'list', 'archive', '--jq', '.[].path'])).toBe(0)
    expect(t.stdout()).toBe('archive/2026\n')
  })

  it('mv moves a file, and a folder with everything in it; an existing target is refused', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'upload', 'package.json', '--to', 'tmp/a/pkg.json'])).toBe(0)
    expect(await t.run(['files', 'mv', 'tmp/a/pkg.json', 'tmp/b/pkg.json'])).toBe(0)
    expect(await t.run(['files', 'mv', 'tmp/b', 'tmp/c'])).toBe(0)
    expect([...fx.emu.state.files.keys()].filter((p) => p.startsWith('tmp/'))).toEqual(['tmp/c/pkg.json'])
    expect(await t.run(['files', 'mv', 'docs/README.md', 'tmp/c/pkg.json'])).toBe(5)
    expect(t.stderr()).toMatch(/exists already/)
    expect(await t.run(['files', 'mv', 'nothing/here', 'tmp/x'])).toBe(3)
  })

  it('url prints a signed URL alone that serves the file with no credential, until it expires', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'url', 'docs/README.md', '--expires', '5m'])).toBe(0)
    const url = t.stdout().trim()
    expect(t.stdout()).toBe(`${url}\n`)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/storage\/signed\/[\w-]+$/)
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/markdown/)
    expect(await res.text()).toMatch(/^# Demo files/)
    clock += 5 * 60_000
    expect((await fetch(url)).status).toBe(403)
  })

  it('url refuses a duration out of range before sending, and a missing file is exit 3', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['files', 'url', 'docs/README.md', '--expires', '8d'])).toBe(2)
    expect(t.stderr()).toMatch(/--expires 8d: must be a duration from 1s to 1w/)
    expect(await t.run(['files', 'url', 'no/such.txt'])).toBe(3)
  })

  it('the library has the SDK names: signedUrl({path, expiresIn}), createFolder({path, folderName}), move(path, newPath)', async () => {
    const client = createClient({ baseUrl: fx.emu.baseUrl, account: fx.emu.accountId, apiKey: fx.emu.demoApiKey })
    const folder = await client.files.createFolder({ path: 'lib', folderName: 'made' })
    expect(folder).toMatchObject({ path: 'lib/made', type: 'folder' })
    expect(await client.files.move('lib/made', 'lib/moved')).toMatchObject({ path: 'lib/moved', type: 'folder' })
    const { signedUrl } = await client.files.signedUrl({ path: 'data/settings.json', expiresIn: 60 })
    expect(await (await fetch(signedUrl)).json()).toEqual({ theme: 'dark', locale: 'en' })
    const listed = await client.files.list({ path: 'lib' }).toArray()
    expect(listed).toEqual([{ path: 'lib/moved', type: 'folder', updatedAt: expect.any(String) }])
  })
})
