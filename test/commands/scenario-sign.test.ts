// `agentry scenario sign` (the signature of stdin's exact bytes) and `scenario list|get`.
import { createHmac } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { testAccount, testContext } from '../helpers/test-context.js'
import { itShowsExamples } from '../helpers/help.js'

const hmac = (key: string, bytes: Uint8Array | string) => createHmac('sha256', key).update(bytes).digest('hex')

describe('scenario sign', () => {
  it("prints the lowercase hex HMAC-SHA256 of stdin's exact bytes (any bytes, any secret)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s.length > 0 && !/[\r\n]/.test(s)),
        async (bytes, key) => {
          const t = testContext({ stdin: Buffer.from(bytes), env: { AGENTRY_SCENARIO_SECRET: key } })
          expect(await t.run(['scenario', 'sign'])).toBe(0)
          expect(t.stdout()).toBe(`${hmac(key, bytes)}\n`)
          expect(t.stderr()).toBe('')
        },
      ),
      { numRuns: 40 },
    )
  })

  it('adds or drops no newline: "a" and "a\\n" sign differently', async () => {
    const sig = async (stdin: string) => {
      const t = testContext({ stdin, env: { AGENTRY_SCENARIO_SECRET: 'k-123456' } })
      expect(await t.run(['scenario', 'sign'])).toBe(0)
      return t.stdout().trim()
    }
    expect(await sig('a')).toBe(hmac('k-123456', 'a'))
    expect(await sig('a\n')).toBe(hmac('k-123456', 'a\n'))
  })

  it('signs --file with the secret of --secret-file; --json prints a JSON string', async () => {
    const t = testContext()
    const body = join(t.configDir, 'body.json')
    const key = join(t.configDir, 'key')
    await writeFile(body, '{"input":"hi"}')
    await writeFile(key, 'file-key-789\n', { mode: 0o600 })
    expect(await t.run(['scenario', 'sign', '--file', body, '--secret-file', key, '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toBe(hmac('file-key-789', '{"input":"hi"}'))
  })

  it('--file is read even when stdin is a terminal; a file that cannot be read is exit 2, named', async () => {
    const t = testContext({ tty: true, env: { AGENTRY_SCENARIO_SECRET: 'k-123456' } })
    const body = join(t.configDir, 'body.txt')
    await writeFile(body, 'signed bytes')
    expect(await t.run(['scenario', 'sign', '--file', body])).toBe(0)
    expect(t.stdout()).toBe(`${hmac('k-123456', 'signed bytes')}\n`)
    const missing = join(t.configDir, 'missing.txt')
    const u = testContext({ env: { AGENTRY_SCENARIO_SECRET: 'k-123456' } })
    expect(await u.run(['scenario', 'sign', '--file', missing])).toBe(2)
    expect(u.stderr()).toContain(`--file ${missing}: cannot read the file (ENOENT)`)
    expect(u.stdout()).toBe('')
  })

  it('never takes the secret as a flag value', async () => {
    const t = testContext({ stdin: 'x' })
    expect(await t.run(['scenario', 'sign', '--secret', 'argv-secret-2'])).toBe(2)
    expect(t.stderr()).toMatch(/secrets are never taken from the command line/)
    expect(t.stderr()).toMatch(/set AGENTRY_SCENARIO_SECRET, or pass --secret-file/)
    expect(t.stderr()).not.toContain('argv-secret-2')
    expect(t.stdout()).toBe('')
  })

  it('exit 2 when stdin is a terminal, or there is no secret', async () => {
    const t = testContext({ tty: true, env: { AGENTRY_SCENARIO_SECRET: 'k-123456' } })
    expect(await t.run(['scenario', 'sign'])).toBe(2)
    expect(t.stderr()).toMatch(/stdin is a terminal/)
    const u = testContext({ stdin: 'x' })
    expect(await u.run(['scenario', 'sign'])).toBe(2)
    expect(u.stderr()).toMatch(/no signing secret/)
  })
})

describe('scenario list and get', () => {
  const s1 = { id: 'scn_1', name: 'One', enabled: true, agentId: 'ag_1', signature_name: 'X-Signature' }
  const s2 = { id: 'scn_2', name: 'Two', enabled: false, agentId: 'ag_2', signature_name: 'X-Sig' }
  const page = (data: object[], p: number, count: number) => ({
    data,
    pagination: { total: 2, page: p, page_count: count, page_size: 1 },
  })

  it('follows every page with --all and prints TSV rows when piped', async () => {
    const t = testContext()
    t.http.get(`/api/v1beta/${testAccount}/scenarios?page=1&limit=1`).reply(200, page([s1], 1, 2))
    t.http.get(`/api/v1beta/${testAccount}/scenarios?page=2&limit=1`).reply(200, page([s2], 2, 2))
    expect(await t.run(['scenarios', 'list', '--all', '--limit', '1'])).toBe(0)
    expect(t.stdout()).toBe('scn_1\tOne\ttrue\tag_1\tX-Signature\nscn_2\tTwo\tfalse\tag_2\tX-Sig\n')
  })

  it('get prints the record; a missing one exits 3', async () => {
    const t = testContext()
    t.http.get(`/api/v1beta/${testAccount}/scenarios/scn_1`).reply(200, s1)
    expect(await t.run(['scenario', 'get', 'scn_1', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual(s1)
    const u = testContext()
    u.http.get(`/api/v1beta/${testAccount}/scenarios/nope`).reply(404, { error: { message: 'not found' } })
    expect(await u.run(['scenario', 'get', 'nope'])).toBe(3)
  })

  itShowsExamples(
    [['scenario'], ['scenario', 'list'], ['scenario', 'get'], ['scenario', 'run'], ['scenario', 'sign']],
    /\nExamples:\n {2}\S/,
  )
})
