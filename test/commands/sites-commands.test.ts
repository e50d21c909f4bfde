// `agentry sites list|get` and `agentry pages list|get`, in-process against the emulator's demo sites, plus the
// paging options sent on the wire.
import { describe, expect, it } from 'vitest'
import { testAccount, testContext } from '../helpers/test-context.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { itShowsExamples } from '../helpers/help.js'

const fx = emulatorFixture()

describe('sites and pages against the emulator', () => {
  it('lists sites as TSV (id, name, domain, page count) and shows one', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['sites', 'list'])).toBe(0)
    const sites = [...fx.emu.state.sites.values()]
    expect(t.stdout()).toBe(sites.map((s) => `${s.id}\t${s.name}\t${s.domain}\t${s.pages.length}\n`).join(''))
    t.clearOutput()
    const first = sites[0]!
    expect(await t.run(['sites', 'get', first.id, '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ id: first.id, name: first.name, pageCount: first.pages.length })
  })

  it('lists the pages of a site with --all, and shows one with its content', async () => {
    const t = emulatorContext(fx)
    const site = [...fx.emu.state.sites.values()][0]!
    expect(await t.run(['pages', 'list', site.id, '--all', '--limit', '1', '-o', 'ndjson'])).toBe(0)
    const ids = t
      .stdout()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).id)
    expect(ids).toEqual(site.pages.map((p) => p.id))
    t.clearOutput()
    const page = site.pages[0]!
    expect(await t.run(['pages', 'get', site.id, page.id, '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual(page)
  })

  it('an unknown site exits 3', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['pages', 'list', 'site_nope'])).toBe(3)
    expect(t.stderr()).toMatch(/404/)
  })
})

describe('sites paging on the wire', () => {
  it('sends page and limit', async () => {
    const t = testContext()
    t.http.get(`/api/v1beta/${testAccount}/sites?page=3&limit=2`).reply(200, { data: [{ id: 's', name: 'S' }] })
    expect(await t.run(['sites', 'ls', '--page', '3', '--limit', '2'])).toBe(0)
    expect(t.stdout()).toBe('s\tS\t\t\n')
  })
})

describe('--help', () => {
  itShowsExamples([['sites'], ['sites', 'list'], ['sites', 'get'], ['pages'], ['pages', 'list'], ['pages', 'get']])
})
