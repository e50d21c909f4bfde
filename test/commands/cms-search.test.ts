// `agentry cms search <collection> "<text>"` and `client.cms.search` (issue 30 item 4), in-process against the
// emulator: the delivered records that answer a plain-words query, with their score, best first; --threshold,
// --freshness; drafts never found.
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { runCommand } from '../helpers/run-command.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const cms = (...args: string[]) => runCommand(['cms', ...args], { env: fx.env() })
type Found = { id: string; score: number; data: { title: string; category: string }; tags: string[] }
const search = async (...args: string[]): Promise<Found[]> => {
  const r = await cms('search', ...args, '--json')
  expect(r.stderr).toBe('')
  expect(r.exitCode).toBe(0)
  return JSON.parse(r.stdout)
}

describe('cms search', () => {
  it('finds the posts whose title answers the words, best first, each with its score', async () => {
    const found = await search('posts', 'practical webhooks', '--limit', '100')
    expect(found.length).toBeGreaterThan(0)
    for (const f of found) expect(f.data.title).toMatch(/^Practical webhooks #/)
    expect(found.every((f) => f.score === 1)).toBe(true)
  })

  it('singular, plural and a typo find the same words; stop words and unknown words are left out', async () => {
    const plural = (await search('posts', 'quiet pipelines', '--limit', '100')).map((f) => f.id)
    expect(plural.length).toBeGreaterThan(0)
    expect((await search('posts', 'the quiet pipeline', '--limit', '100')).map((f) => f.id)).toEqual(plural)
    const typo = await search('posts', 'quiet pipelnes', '--limit', '100')
    expect(typo.map((f) => f.id)).toEqual(plural)
    expect(typo[0]!.score).toBeLessThan(1)
    expect(typo[0]!.score).toBeGreaterThanOrEqual(0.72)
  })

  it('a verb form finds the noun: "caching" the posts about caches, "scheduling" those about schedules', async () => {
    const caches = (await search('posts', 'caches', '--limit', '100')).map((f) => f.id)
    expect(caches.length).toBeGreaterThan(0)
    expect((await search('posts', 'caching', '--limit', '100')).map((f) => f.id)).toEqual(caches)
    const schedules = (await search('posts', 'schedules', '--limit', '100')).map((f) => f.id)
    expect(schedules.length).toBeGreaterThan(0)
    expect((await search('posts', 'scheduling', '--limit', '100')).map((f) => f.id)).toEqual(schedules)
    expect((await search('posts', 'scheduled', '--limit', '100')).map((f) => f.id)).toEqual(schedules)
  })

  it('a lower --threshold finds partial matches too, ranked below the whole ones', async () => {
    const whole = await search('posts', 'hidden caches', '--limit', '100')
    const partial = await search('posts', 'hidden caches', '--threshold', '0.3', '--limit', '100')
    expect(partial.length).toBeGreaterThan(whole.length)
    expect(partial.slice(0, whole.length).map((f) => f.id)).toEqual(whole.map((f) => f.id))
    const scores = partial.map((f) => f.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('the text matches categories, tags and authors too', async () => {
    const design = await search('posts', 'design', '--limit', '20')
    expect(design.length).toBe(20)
    for (const f of design) expect(JSON.stringify(f.data).toLowerCase()).toContain('design')
    const ada = await search('authors', 'Ada')
    expect(ada.length).toBeGreaterThan(0)
    for (const f of ada) expect(JSON.stringify(f.data)).toMatch(/\bAda\b/)
  })

  it('--freshness ranks recent records first among equals, scores lower for old ones', async () => {
    const plain = await search('posts', 'robust agents', '--all')
    const fresh = await search('posts', 'robust agents', '--freshness', '30', '--all')
    expect(new Set(fresh.map((f) => f.id))).toEqual(new Set(plain.map((f) => f.id)))
    const at = async (id: string) => JSON.parse((await cms('get', 'posts', id, '--json')).stdout).publishedAt as string
    const times = await Promise.all(fresh.slice(0, 5).map((f) => at(f.id)))
    expect(times).toEqual([...times].sort().reverse())
    for (const f of fresh) expect(f.score).toBeLessThanOrEqual(1)
  })

  it('never finds a draft; TSV shows ID, SCORE and the data fields', async () => {
    await cms('save', 'notes_s', '--data', '{"title":"Zebra crossing rules"}')
    expect(await search('notes_s', 'zebra crossing')).toEqual([])
    const saved = JSON.parse(
      (await cms('save', 'notes_s', '--data', '{"title":"Zebra stripes"}', '--publish', '--json')).stdout,
    )
    const tsv = await cms('search', 'notes_s', 'zebra stripes')
    expect(tsv.stdout).toBe(`${saved.id}\t1.000\tZebra stripes\n`)
  })

  it('bad input: an empty text, a threshold out of range, a freshness of 0 are exit 2', async () => {
    for (const [args, message] of [
      [['posts', ' '], /<text> is empty/],
      [['posts', 'x', '--threshold', '1.5'], /--threshold: 1.5 must be a number from 0 to 1/],
      [['posts', 'x', '--freshness', '0'], /--freshness/],
    ] as const) {
      const r = await cms('search', ...args)
      expect(r.exitCode).toBe(2)
      expect(r.stderr).toMatch(message)
    }
  })
})

describe('client.cms.search', () => {
  it('pages the scored records; the service refuses a search through the management access', async () => {
    const c = createClient({ baseUrl: fx.emu.baseUrl, apiKey: fx.emu.demoApiKey, account: fx.emu.accountId })
    const found = await c.cms.search('posts', 'fast workflows', { pageSize: 2 }).toArray()
    expect(found.length).toBeGreaterThan(2)
    for (const f of found) expect(f.data.title).toMatch(/^Fast workflows #/)
    const fluent = await c.cms
      .from('posts')
      .nlSearch('fast workflows', 0.9)
      .withFreshness(30)
      .pageSize(3)
      .rows()
      .toArray()
    expect(new Set(fluent.map((r) => r.id))).toEqual(new Set(found.map((f) => f.id)))
    expect(() => c.cms.from('posts').withFreshness(3)).toThrow(/nlSearch\(\) first/)
    const res = await fetch(`${fx.emu.baseUrl}/${fx.emu.accountId}/cma/records/posts?nl_query=fast`, {
      headers: { authorization: `Bearer ${fx.emu.demoApiKey}` },
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toMatch(/delivery access \(cda\) only/)
    await c.close()
  })
})
