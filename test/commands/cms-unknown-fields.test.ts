// A misspelt CMS field (issue 33 item 1), in-process against the emulator: `cms query` with a field the collection
// does not have in --where, --select, --group-by, --order-by (or an aggregate) is exit 2 with "did you mean …?",
// from the record type where there is one (posts), else from the fields of the records seen (a collection made by
// writes). Before, each gave an empty or blank answer with exit 0.
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { runCommand } from '../helpers/run-command.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const cms = (...args: string[]) => runCommand(['cms', ...args], { env: fx.env() })

describe('cms query: a field the collection does not have', () => {
  it.each([
    [['--where', 'viwes > 1'], /--where: posts has no field viwes \(did you mean views\?\)/],
    [['--select', 'id,titel'], /--select: posts has no field titel \(did you mean title\?\)/],
    [['--group-by', 'categroy', '--count'], /--group-by: posts has no field categroy \(did you mean category\?\)/],
    [['--order-by', 'veiws:desc'], /--order-by: posts has no field veiws \(did you mean views\?\)/],
    [['--where', 'author.nmae = "Ada"'], /posts has no field author.nmae \(did you mean author.name\?\)/],
    [['--group-by', 'status', '--sum', 'viewz', '--where', 'views < 0'], /--sum: posts has no field viewz/],
  ])('%j is exit 2 with a suggestion from the record type, and prints no rows', async (flags, message) => {
    const r = await cms('query', 'posts', ...flags)
    expect(r.exitCode).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(message)
    expect(r.stderr).toMatch(/the fields of posts \(its record type\): title, slug, status, views/)
  })

  it('a misspelt field in a query that still has rows (an or) is caught too', async () => {
    const r = await cms('query', 'posts', '--where', 'viwes > 1 or status = "published"', '--page-size', '3')
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/did you mean views\?/)
  })

  it('without a record type, the fields of the records seen', async () => {
    await cms('save', 'notes_uf', '--data', '{"title":"a","priority":2}', '--publish')
    const r = await cms('query', 'notes_uf', '--where', 'priorty > 1')
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toMatch(/--where: notes_uf has no field priorty \(did you mean priority\?\)/)
    expect(r.stderr).toMatch(/the fields of notes_uf \(the 1 records seen\): title, priority/)
  })

  it('known fields, record members and snake_case meta stay fine, even with no rows', async () => {
    const none = await cms('query', 'posts', '--where', 'views > 100000000', '--select', 'title,updated_at')
    expect(none.exitCode).toBe(0)
    expect(none.stdout).toBe('')
    const meta = await cms('query', 'posts', '--where', 'id = "nosuch" and tags in ["ai"]', '--order-by', 'createdAt')
    expect(meta.exitCode).toBe(0)
    const grouped = await cms('query', 'posts', '--group-by', 'status', '--count', '--order-by', 'count:desc')
    expect(grouped.exitCode).toBe(0)
    expect(grouped.stdout.trimEnd().split('\n')).toHaveLength(2)
  })

  it('a field only in a record beyond the page of records seen is known (one record that has it clears it)', async () => {
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    for (let i = 0; i < 120; i++) await c.cms.create('rare_uf', { data: { n: i, ...(i === 119 ? { rare: 1 } : {}) } })
    await c.close()
    const r = await cms('query', 'rare_uf', '--access', 'cma', '--where', 'rare = 2')
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    const typo = await cms('query', 'rare_uf', '--access', 'cma', '--where', 'rear = 2')
    expect(typo.exitCode).toBe(2)
    expect(typo.stderr).toMatch(/rare_uf has no field rear/)
  })

  it('an empty collection has no fields to compare with: no rows, exit 0', async () => {
    await cms('save', 'empty_uf', '--data', '{"a":1}')
    const r = await cms('query', 'empty_uf', '--where', 'b = 1')
    expect(r.exitCode).toBe(0)
  })
})

describe('cms save: a member the record type does not declare', () => {
  it('is exit 2 with a suggestion, nothing written; declared members (nested too) are saved', async () => {
    const count = async () => JSON.parse((await cms('query', 'posts', '--access', 'cma', '--count', '--json')).stdout)
    const before = await count()
    const bad = await cms('save', 'posts', '--data', '{"title":"T","slug":"t","status":"draft","veiws":3}')
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toMatch(/--data: posts has no field veiws \(did you mean views\?\)/)
    const nested = await cms('save', 'posts', '--id', 'post_00001', '--merge', '--data', '{"author":{"nmae":"X"}}')
    expect(nested.exitCode).toBe(2)
    expect(nested.stderr).toMatch(/posts has no field author.nmae \(did you mean author.name\?\)/)
    expect(await count()).toEqual(before)
    const good = await cms('save', 'posts', '--data', '{"title":"T","slug":"t","status":"draft","author":{"name":"A"}}')
    expect(good.exitCode).toBe(0)
    expect((await count())[0].count).toBe(before[0].count + 1)
  })

  it('a collection without a record type takes any member', async () => {
    expect((await cms('save', 'free_uf', '--data', '{"anything":1}')).exitCode).toBe(0)
  })
})
