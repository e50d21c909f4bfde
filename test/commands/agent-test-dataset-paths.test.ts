// A dataset (a tools file, an image) is read only beside the test file (or under a --files-root): a test file from elsewhere must not read
// /proc/self/environ or ../../etc/passwd. And no dataset's content ever goes into an error message.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

const secret = 'sk-evals-leak-0123456789abcdef'
const head = 'targets:\n  - agent: demo-assistant\ncases:\n'

async function run(dataset: string, files: Record<string, string> = {}, extra: string[] = []) {
  const dir = tempDir()
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true })
    await writeFile(join(dir, name), text)
  }
  const file = join(dir, 'suite', 'tests.yaml')
  await mkdir(join(dir, 'suite'), { recursive: true })
  await writeFile(file, `${head}  - description: a\n    dataset: ${JSON.stringify(dataset)}\n    message: "{{city}}"\n`)
  const t = testContext({ env: { AGENTRY_EVALS_TEST_SECRET: secret } })
  const code = await t.run(['test', file, ...extra])
  return { code, stderr: t.stderr(), dir, file }
}

describe('agentry test: where a dataset may be read from', () => {
  it('refuses /proc/self/environ with exit 2, naming the path and --files-root, and shows none of it', async () => {
    const r = await run('/proc/self/environ')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('cases[0].dataset: /proc/self/environ is outside the test file')
    expect(r.stderr).toContain('--files-root')
    expect(r.stderr).not.toContain(secret)
    expect(r.stderr).not.toContain('AGENTRY_EVALS_TEST_SECRET')
  })

  it('refuses ../ out of the test file folder, and shows none of the file', async () => {
    const r = await run('../../outside/rows.csv', { 'outside/rows.csv': `root:x:0:0:${secret}\nParis\n` })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/outside[/\\]rows\.csv is outside the test file's folder/)
    expect(r.stderr).not.toContain(secret)
  })

  it('reads it with --files-root naming its folder; a bad header names the column number, not its text', async () => {
    const dir = tempDir()
    await mkdir(join(dir, 'data'))
    await writeFile(join(dir, 'data', 'rows.csv'), `city,${secret}=x\nParis,1\n`)
    const r = await run(join(dir, 'data', 'rows.csv'), {}, ['--files-root', join(dir, 'data')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('rows.csv line 1: column 2 of the header is not a variable name')
    expect(r.stderr).not.toContain(secret)
  })

  it('an NDJSON line that is not JSON is named by line, never quoted', async () => {
    const r = await run('rows.ndjson', { 'suite/rows.ndjson': `{"city":"Paris"}\n${secret}\n{"city": ${secret}}\n` })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('rows.ndjson line 2')
    expect(r.stderr).toContain('not JSON')
    expect(r.stderr).not.toContain(secret)
    expect(r.stderr).not.toContain(secret.slice(0, 6))
  })

  it('a link beside the test file that leads outside is refused too', async () => {
    const { symlink } = await import('node:fs/promises')
    const dir = tempDir()
    await writeFile(join(dir, 'secret.csv'), `city\n${secret}\n`)
    await mkdir(join(dir, 'suite'))
    await symlink(join(dir, 'secret.csv'), join(dir, 'suite', 'rows.csv'))
    const file = join(dir, 'suite', 'tests.yaml')
    await writeFile(file, `${head}  - description: a\n    dataset: rows.csv\n    message: "{{city}}"\n`)
    const t = testContext()
    expect(await t.run(['test', file])).toBe(2)
    expect(t.stderr()).toContain('is outside the test file')
  })

  it.each([
    ['tools', 'tools: /proc/self/environ'],
    ['images', 'images: [/proc/self/environ]'],
    ['defaults.tools', 'defaults:\n  tools: ../../etc/passwd'],
  ])('a %s file outside the folder is refused the same way, and shows none of it', async (_, member) => {
    const dir = tempDir()
    const file = join(dir, 'tests.yaml')
    const [def, inCase] = member.startsWith('defaults') ? [`${member}\n`, ''] : ['', `    ${member}\n`]
    await writeFile(file, `${def}${head}  - description: a\n    message: hi\n${inCase}`)
    const t = testContext({ env: { AGENTRY_EVALS_TEST_SECRET: secret } })
    expect(await t.run(['test', file])).toBe(2)
    expect(t.stderr()).toMatch(/(environ|passwd) is outside the test file's folder/)
    expect(t.stderr()).toContain('--files-root')
    expect(t.stderr()).not.toContain(secret)
  })

  it('a tools file beside the test file that is not JSON is named, never quoted', async () => {
    const dir = tempDir()
    await writeFile(join(dir, 'tools.json'), `${secret} and more`)
    const file = join(dir, 'tests.yaml')
    await writeFile(file, `${head}  - description: a\n    message: hi\n    tools: tools.json\n`)
    const t = testContext()
    expect(await t.run(['test', file])).toBe(2)
    expect(t.stderr()).toContain('tools.json: not valid JSON')
    expect(t.stderr()).not.toContain(secret.slice(0, 6))
  })
})
