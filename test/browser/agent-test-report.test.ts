// The HTML report of `agentry test` in a real browser (Debian's chromium-headless-shell through the one launcher):
// opened from disk with no server, it shows the matrix and the failing case, hostile answers and names stay text (no
// script from an answer runs, no image loads, bidi and invisible characters shown as labels), the filters keep the open
// cases open and count what they show, rows open from the keyboard, it has a dark theme, fits 375 px, says what it is
// without JavaScript, shows inputs, repeats, targets side by side and the --compare differences, and screenshots are
// kept in test-artifacts/ (look at them). A 2,500-case report lists its rows 500 at a time and filters; its open and
// filter times are printed (figures, not a timed assertion; the 10,000-case figures are bench/agent-tests.mjs's). First
// the browser tier's own check (it was test/browser/chromium.test.ts, a chromium of its own for one page): chromium
// starts with our flags and renders a page with no network; when it fails, every other browser test fails the same way.
import { existsSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Dialog, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { launchOnePage, screenshot } from '../helpers/browser.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'
import { htmlReport } from '../../src/evals/report-html.js'
import { cellsOf, type TestResult } from '../../src/evals/results.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const demo = join(import.meta.dirname, '..', '..', 'docs', 'agent-tests.example.yaml')
const hostile = [
  '<script>window.__pwned = "script"; alert(1)</script>',
  '<img src=x onerror="window.__pwned = \'img\'; alert(2)">',
  '</script><script>window.__pwned = "breakout"</script>',
  '<!-- <svg onload="window.__pwned = \'svg\'"> \u2028 ]]>',
  'admin\u202e\u2066txt.exe\u2069 zero\u200bwidth tag\u{e0041}\u{e0042}',
]

let browser: Browser
/** One page for the file's tests, one after the other (a new page costs a renderer process); each test loads its own
 * document in it, and listens to it only within the test. */
let page: Page
let report: string
let demoReport: string
let richReport: string
beforeAll(async () => {
  // chromium starts (a process of its own) while the three reports are written in-process
  const started = launchOnePage().then((one) => {
    ;({ browser, page } = one)
  })
  const dir = tempDir()
  const file = join(dir, 'hostile.yaml')
  const cases = hostile
    .map(
      (h, i) => `  - description: 'hostile ${i} ${h.replace(/'/g, "''")}'\n    message: '${h.replace(/'/g, "''")}'\n`,
    )
    .join('')
  const assert = `    assert:\n      - type: contains\n        value: "You said"\n`
  await writeFile(
    file,
    `description: "<b>hostile</b> report"\ntargets:\n  - agent: demo-assistant\n    id: "<i>assistant</i>"\ncases:\n${cases}  - description: a failing case\n    message: hello\n${assert}`,
  )
  report = join(dir, 'report.html')
  demoReport = join(dir, 'demo.html')
  const env = { AGENTRY_SCENARIO_SECRET: 'demo-summarize-secret' }
  const [hostileExit, demoExit, rich] = await Promise.all([
    emulatorContext(fx).run(['test', file, '--report', report]),
    emulatorContext(fx, { env }).run(['test', demo, '--report', demoReport]),
    writeRichReport(dir),
    started,
  ])
  expect([hostileExit, demoExit]).toEqual([10, 10])
  richReport = rich
}, 60_000)

/** A report with every part: three targets (one unreachable: an error), a repeated case, dataset rows, tags, a
 * failing equals (expected against actual) and a comparison with an earlier run (a regression, a removed case). */
async function writeRichReport(dir: string): Promise<string> {
  await writeFile(join(dir, 'towns.csv'), 'city,unit\nZürich,celsius\nBoston,fahrenheit\n')
  const file = join(dir, 'rich.yaml')
  await writeFile(
    file,
    `description: rich report
targets:
  - agent: demo-assistant
  - agent: weather-bot
  - agent: no-such-agent
    id: ghost
cases:
  - description: greets
    tags: [smoke]
    message: hello
    targets: [demo-assistant, weather-bot]
  - description: repeated
    tags: [repeat]
    message: say twice
    repeat: 3
    targets: [demo-assistant]
    assert: [{ type: contains, value: You said }]
  - description: weather for {{city}}
    tags: [tools]
    dataset: towns.csv
    message: weather in {{city}} in {{unit}}
    targets: [weather-bot]
    assert: [{ type: tool-call, name: get_weather }]
  - description: expects the impossible
    message: ping
    targets: [demo-assistant]
    assert: [{ type: equals, value: exactly this }]
  - description: unreachable
    message: ping
    targets: [ghost]
`,
  )
  const before = join(dir, 'before.ndjson')
  const line = (c: string, target: string, pass: boolean) =>
    JSON.stringify({ case: c, target, pass, repeat: 0, latencyMs: 5, usage: { total_tokens: 9 } })
  await writeFile(
    before,
    [
      // the earlier run's answer, shown beside the regressed one
      JSON.stringify({ ...JSON.parse(line('expects the impossible', 'demo-assistant', true)), answer: 'exactly this' }),
      line('gone', 'demo-assistant', true),
    ].join('\n'),
  )
  const path = join(dir, 'rich.html')
  expect(await emulatorContext(fx).run(['test', file, '--report', path, '--compare', before])).not.toBe(0)
  return path
}

/** Fails the test when the page asks for anything but its own file. */
function noRequests(p: Page): string[] {
  const requests: string[] = []
  const onRequest = (r: Request) => {
    if (!r.url().startsWith('file:')) requests.push(r.url())
  }
  p.on('request', onRequest)
  onTestFinished(() => {
    p.off('request', onRequest)
    expect(requests).toEqual([])
  })
  return requests
}

/** The descriptions of the case rows shown. */
const shownCases = (p: Page) => p.locator('#rows tr.case:not([hidden]) td:first-child button').allTextContents()
afterAll(async () => {
  await browser?.close()
})

it('chromium renders an inline page, runs no script it was not given, and keeps a screenshot', async () => {
  await page.setContent('<!doctype html><html lang="en"><title>t</title><h1>agentry</h1><p id="x">&lt;b&gt;</p>')
  expect(await page.textContent('h1')).toBe('agentry')
  expect(await page.textContent('#x')).toBe('<b>')
  const path = await screenshot(page, 'browser-smoke')
  expect(existsSync(path)).toBe(true)
})

describe('the HTML report', () => {
  it('is one file with no address to fetch: no http(s) URL, no src= or href= outside its data', () => {
    const whole = readFileSync(report, 'utf8')
    const data = /<script type="application\/gzip\+base64" id="data">([^<]*)<\/script>/.exec(whole)
    expect(data).not.toBeNull()
    expect(data![1]).toMatch(/^[A-Za-z0-9+/=]+$/)
    const html = whole.replace(data![0], '')
    expect(html).not.toMatch(/\b(src|href)\s*=/i)
    expect(html).not.toMatch(/https?:\/\//)
    expect(html).toContain('Content-Security-Policy" content="default-src \'none\'')
  })

  it('shows hostile answers as text: no script of theirs runs, no element of theirs exists', async () => {
    const dialogs: string[] = []
    const onDialog = (d: Dialog) => {
      dialogs.push(d.message())
      void d.dismiss()
    }
    const requests: string[] = []
    const onRequest = (r: Request) => {
      if (!r.url().startsWith('file:')) requests.push(r.url())
    }
    page.on('dialog', onDialog).on('request', onRequest)
    onTestFinished(() => {
      page.off('dialog', onDialog).off('request', onRequest)
    })
    await page.goto(pathToFileURL(report).href)
    await page.waitForSelector('#rows tr.case')
    expect(await page.locator('#rows tr.case').count()).toBe(hostile.length + 1)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(requests).toEqual([])
    // their markup is text: no img, svg, b or i element came from the data, and the page's own scripts are two
    expect(await page.locator('img, svg, b, i').count()).toBe(0)
    expect(await page.locator('script').count()).toBe(2)
    expect(await page.textContent('h1')).toBe('<b>hostile</b> report')
    expect(await page.textContent('#matrix thead')).toContain('<i>assistant</i>')
    const body = (await page.textContent('#rows')) ?? ''
    expect(body).toContain('hostile 0 <script>window.__pwned = "script"; alert(1)</script>')
    expect(body).toContain('</script><script>window.__pwned = "breakout"</script>')
    // bidi and invisible characters are labels, not reordering or hiding anything, in the row and in the answer
    expect(body).toContain(
      'admin[U+202E RLO][U+2066 LRI]txt.exe[U+2069 PDI] zero[U+200B ZWSP]width tag[U+E0041][U+E0042]',
    )
    await page.locator('button', { hasText: 'hostile 4' }).click()
    const answer = (await page.locator('tr.details', { hasText: 'txt.exe' }).locator('.answer').allTextContents()).join(
      '\n',
    )
    expect(answer).toContain('admin[U+202E RLO][U+2066 LRI]txt.exe')
    expect(await page.evaluate(() => /[\u202e\u2066\u200b]/.test(document.getElementById('rows')!.textContent!))).toBe(
      false,
    )
    await screenshot(page, 'agent-test-report-hostile')
  })

  it('the demo report shows the failing cases open, and the verdict filter hides the rest', async () => {
    noRequests(page)
    await page.goto(pathToFileURL(demoReport).href)
    await page.waitForSelector('body[data-ready]')
    expect(await page.locator('#rows tr.case').count()).toBe(12)
    expect(await page.textContent('#count')).toMatch(
      /^showing 12 of 12 cases · 12 cells: \d+ passed, 2 failed, 0 errored/,
    )
    // the failing cases' details are open: the failing assertion highlighted, the judge's reason shown
    const bad = page.locator('li.bad')
    expect(await bad.count()).toBe(2)
    expect(await bad.first().textContent()).toContain('judge: demo-judge: the answer does not mention "sunny"')
    expect(await page.locator('.details').first().textContent()).toContain('Hello! I am **Demo Assistant**')
    // a judge's or a tool call's failure is no value to set against the answer: what it expects is said inline
    expect(await page.locator('.ev').count()).toBe(0)
    expect(await bad.first().textContent()).toMatch(/expects \{.*"rubric":/)
    await screenshot(page, 'agent-test-report-demo')
    await page.selectOption('#f-verdict', 'failing')
    expect(await shownCases(page)).toEqual([
      'mentions the weather (fails on purpose)',
      'no tool call (fails on purpose)',
    ])
    expect(await page.textContent('#count')).toMatch(
      /^showing 2 of 12 cases · 2 cells: \d+ passed, 2 failed, 0 errored/,
    )
    await page.selectOption('#f-verdict', '')
    await page.fill('#search', 'json')
    await page.waitForFunction(() => document.querySelectorAll('#rows tr.case:not([hidden])').length === 1)
    expect(await shownCases(page)).toEqual(['answers in JSON'])
  })

  it('shows inputs, dataset rows, every repeat, targets side by side, expected against actual, figures and the comparison', async () => {
    noRequests(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(pathToFileURL(richReport).href)
    await page.waitForSelector('body[data-ready]')
    // per target: pass rate, latency, tokens; the comparison: the regression, the removed case
    expect(await page.locator('#targets tbody tr').count()).toBe(3)
    expect(await page.locator('#targets tbody tr').first().textContent()).toMatch(
      /^demo-assistant\d+\/3[\d.]+%0\d+ ms\d+ \/ \d+ ms\d+ \(\d+ a run\)$/,
    )
    const comparison = (await page.textContent('#comparison')) ?? ''
    expect(comparison).toContain('1 regressed, 0 fixed, 6 new, 1 removed')
    expect(comparison).toMatch(/Regressed \(1\)expects the impossible demo-assistant · passed → failed/)
    // the failing equals is open: expected against actual, side by side
    const impossible = page.locator('tr.case', { hasText: 'expects the impossible' })
    expect(await impossible.locator('button').getAttribute('aria-expanded')).toBe('true')
    expect(await impossible.locator('.chg.regressed').count()).toBe(1)
    const ev = page.locator('.ev').first()
    expect(await ev.textContent()).toMatch(/^expectedexactly thisactualYou said: "ping"/)
    // inputs: the message sent, the variables and the dataset row
    await page.locator('button', { hasText: 'weather for Zürich' }).click()
    const zurich = page.locator('tr.details', { hasText: 'dataset row at line 2' })
    expect(await zurich.textContent()).toContain('userweather in Zürich in celsius')
    expect(await zurich.textContent()).toContain('city = Zürich\nunit = celsius')
    // every repeat: three runs, each with its answer
    await page.locator('button', { hasText: 'repeated' }).click()
    const runs = page.locator('tr.details', { hasText: 'say twice' }).locator('summary')
    expect(await runs.allTextContents()).toEqual([
      expect.stringMatching(/^run 1: pass · \d+ ms/),
      expect.stringMatching(/^run 2: pass · \d+ ms/),
      expect.stringMatching(/^run 3: pass · \d+ ms/),
    ])
    // two targets of one case side by side
    await page.locator('button', { hasText: 'greets' }).click()
    const boxes = page.locator('tr.details', { hasText: 'hello' }).locator('.tbox')
    expect(await boxes.count()).toBe(2)
    const [a, b] = [await boxes.nth(0).boundingBox(), await boxes.nth(1).boundingBox()]
    expect(a!.y).toBe(b!.y)
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1)
    await screenshot(page, 'agent-test-report-rich')
  })

  it('filters by text in inputs and answers, target, tag, verdict and error, counting what is shown, the open cases kept open', async () => {
    noRequests(page)
    await page.goto(pathToFileURL(richReport).href)
    await page.waitForSelector('body[data-ready]')
    const all = await shownCases(page)
    expect(all).toHaveLength(6)
    const open = () => page.locator('tr.details:not([hidden])').count()
    const openAtFirst = await open()
    expect(openAtFirst).toBeGreaterThanOrEqual(2)
    // text found only in answers (the demo assistant's echo), then only in an input
    await page.fill('#search', 'you said')
    await page.waitForFunction(() => document.querySelectorAll('#rows tr.case:not([hidden])').length === 2)
    expect(await shownCases(page)).toEqual(['repeated', 'expects the impossible'])
    expect(await page.textContent('#count')).toBe(
      'showing 2 of 6 cases · 2 cells: 1 passed, 1 failed, 0 errored (all targets)',
    )
    await page.fill('#search', 'in fahrenheit')
    await page.waitForFunction(() => document.querySelectorAll('#rows tr.case:not([hidden])').length === 1)
    expect(await shownCases(page)).toEqual(['weather for Boston'])
    await page.fill('#search', '')
    await page.waitForFunction(() => document.querySelectorAll('#rows tr.case:not([hidden])').length === 6)
    // a target: its column only, and the counts of its cells
    await page.selectOption('#f-target', { label: 'weather-bot' })
    expect(await shownCases(page)).toEqual(['greets', 'weather for Zürich', 'weather for Boston'])
    expect(await page.isVisible('#matrix th:nth-child(2)')).toBe(false)
    expect(await page.isVisible('#matrix th:nth-child(3)')).toBe(true)
    expect(await page.textContent('#count')).toMatch(
      /^showing 3 of 6 cases · 3 cells: \d+ passed, \d+ failed, 0 errored \(weather-bot\)$/,
    )
    await page.selectOption('#f-target', '')
    await page.selectOption('#f-tag', 'tools')
    expect(await shownCases(page)).toEqual(['weather for Zürich', 'weather for Boston'])
    await page.selectOption('#f-tag', '')
    // the error filter lists the errors; the verdict filter knows the comparison
    const errorOptions = await page.locator('#f-error option').allTextContents()
    expect(errorOptions).toHaveLength(2)
    await page.selectOption('#f-error', { index: 1 })
    expect(await shownCases(page)).toEqual(['unreachable'])
    expect(await page.textContent('#count')).toBe(
      'showing 1 of 6 cases · 1 cell: 0 passed, 0 failed, 1 errored (all targets)',
    )
    await page.selectOption('#f-error', '')
    await page.selectOption('#f-verdict', 'regressed')
    expect(await shownCases(page)).toEqual(['expects the impossible'])
    await page.selectOption('#f-verdict', '')
    // every filter cleared: the cases open at first are open still
    expect(await open()).toBe(openAtFirst)
    expect(
      await page
        .locator('tr.case', { hasText: 'expects the impossible' })
        .locator('button')
        .getAttribute('aria-expanded'),
    ).toBe('true')
  })

  it('opens and closes a case from the keyboard (Tab to it, Enter, Space)', async () => {
    await page.goto(pathToFileURL(richReport).href)
    await page.waitForSelector('body[data-ready]')
    const focusedText = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent ?? '')
    let tabs = 0
    while ((await focusedText()) !== 'greets' && tabs++ < 20) await page.keyboard.press('Tab')
    expect(await focusedText()).toBe('greets')
    const button = page.locator('tr.case', { hasText: 'greets' }).locator('button')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    await page.keyboard.press('Enter')
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    expect(await page.locator('tr.details', { hasText: 'hello' }).count()).toBe(1)
    await page.keyboard.press('Space')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    expect(await page.locator('tr.details', { hasText: 'hello' }).count()).toBe(0)
  })

  it('keyboard only: a link of the Regressed list opens its row, hidden by a filter, with the earlier answer beside the new one', async () => {
    await page.goto(pathToFileURL(richReport).href)
    await page.waitForSelector('body[data-ready]')
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '')
    // a search that hides every case, typed
    let tabs = 0
    while ((await focused()) !== 'search' && tabs++ < 30) await page.keyboard.press('Tab')
    await page.keyboard.type('no case says this')
    await page.waitForFunction(() => document.getElementById('count')!.textContent!.startsWith('showing 0 of'))
    // back to the Regressed list (before the filters, above the New list), and Enter on its link
    tabs = 0
    const onLink = () =>
      page.evaluate(
        () =>
          document.activeElement?.closest('#comparison ul.changes') !== null &&
          document.activeElement?.textContent === 'expects the impossible',
      )
    while (!(await onLink()) && tabs++ < 30) await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => document.activeElement!.textContent)).toBe('expects the impossible')
    await page.keyboard.press('Enter')
    // the filter is cleared, the row shown, open and focused; the earlier answer beside the new one, then the failing
    // assertion's expected against actual
    expect(await page.evaluate(() => document.activeElement!.textContent)).toBe('expects the impossible')
    expect(await page.evaluate(() => document.activeElement!.getAttribute('aria-expanded'))).toBe('true')
    expect(await page.inputValue('#search')).toBe('')
    const row = page.locator('tr.details', { hasText: 'ping' }).locator('.tbox[data-t="0"]')
    expect(await row.locator('.was').textContent()).toMatch(
      /^earlier answer \(passed in .*before\.ndjson\)exactly thisanswer now \(fails\)You said: "ping"/,
    )
    expect(await row.locator('.ev').textContent()).toMatch(/^expectedexactly thisactualYou said: "ping"/)
    // the row's name is its text alone (its arrow is decoration, not read)
    expect(
      await page.evaluate(() => {
        const b = document.activeElement!
        return getComputedStyle(b, '::before').content
      }),
    ).toBe('"▾ " / ""')
    // no screenshot: the rich report's shows this row open, the earlier answer beside the new one
  })

  it('views and sorting: only the cases whose targets differ, only the changes since --compare, failing first', async () => {
    await page.goto(pathToFileURL(richReport).href)
    await page.waitForSelector('body[data-ready]')
    await page.selectOption('#f-view', 'differ')
    expect(await shownCases(page)).toEqual(['greets'])
    expect(await page.textContent('#count')).toMatch(/^showing 1 of 6 cases · 2 cells: /)
    await page.selectOption('#f-view', 'changed')
    expect((await shownCases(page)).length).toBeGreaterThan(0)
    await page.selectOption('#f-view', '')
    await page.selectOption('#f-sort', 'verdict')
    expect((await shownCases(page))[0]).toBe('unreachable')
    await page.selectOption('#f-sort', 'latency')
    expect((await shownCases(page)).at(-1)).toBe('unreachable')
  })

  it("has a dark theme, and fits 375 px with nothing wider than the screen but its tables' own scroll", async () => {
    // both at once, one page and one screenshot: the theme sets colours only, the width the layout (a second tall
    // screenshot, of the dark page at 1280 px, cost chromium ~0.4 s)
    noRequests(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    onTestFinished(() => page.emulateMedia({ colorScheme: 'light' }))
    await page.setViewportSize({ width: 375, height: 800 })
    onTestFinished(() => page.setViewportSize({ width: 1280, height: 900 }))
    await page.goto(pathToFileURL(richReport).href)
    await page.waitForSelector('body[data-ready]')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 17, 23)')
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(230, 237, 243)')
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > 376 && !e.closest('.scroll'))
        .map((e) => `${e.tagName}.${e.className}#${e.id}`),
    )
    expect(wide).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const controls = await page.locator('#controls').boundingBox()
    expect(controls!.x + controls!.width).toBeLessThanOrEqual(375)
    await screenshot(page, 'agent-test-report-dark-375')
  })

  it('without JavaScript: a notice, the figures, the comparison and the failing cases as plain HTML', async () => {
    // the file's page with script off: the switch a context's javaScriptEnabled: false sends (the file's one-process
    // chromium has one context: launchOnePage), turned back on after the test
    const p = page
    const cdp = await p.context().newCDPSession(p)
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true })
    onTestFinished(async () => {
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false })
      await cdp.detach()
    })
    noRequests(p)
    await p.goto(pathToFileURL(richReport).href)
    expect(await p.textContent('.notice')).toContain('This report shows its 6 cases with JavaScript, which is off.')
    expect(await p.locator('#targets tbody tr').count()).toBe(3)
    const failing = (await p.locator('noscript ul li').allTextContents()).join('\n')
    expect(failing).toContain('expects the impossible demo-assistant — equals:')
    expect(failing).toContain('unreachable ghost —')
    expect(await p.isVisible('#controls')).toBe(false)
    expect(await p.isVisible('#matrix')).toBe(false)
    await screenshot(p, 'agent-test-report-no-js')
  })

  it('a conversation case shows each turn: what the user said, the answer and its assertions', async () => {
    const turn = (user: string, answer: string | null, pass: boolean) => ({
      user,
      answer,
      latencyMs: 7,
      assertions: [
        { type: 'contains' as const, pass, score: pass ? 1 : 0, weight: 1, reason: pass ? 'ok' : 'missing "Lyon"' },
      ],
    })
    const run: TestResult = {
      case: 'talk',
      description: 'a conversation',
      caseIndex: 0,
      tags: [],
      target: 'demo-assistant',
      repeat: 0,
      passRate: 1,
      vars: {},
      pass: false,
      score: 0.5,
      answer: 'last answer',
      toolCalls: [],
      finishReason: 'stop',
      usage: null,
      latencyMs: 14,
      error: null,
      assertions: [],
      turns: [turn('hi\u202e there', 'Hello!', true), turn('and Lyon?', 'No idea.', false)],
    }
    const meta = { title: 'talk', file: 't.yaml', summary: 's', startedAt: 0, targets: ['demo-assistant'] }
    const file = join(tempDir(), 'talk.html')
    await writeFile(file, htmlReport(meta, cellsOf([run])))
    noRequests(page)
    await page.goto(pathToFileURL(file).href)
    await page.waitForSelector('body[data-ready]')
    const details = (await page.textContent('tr.details')) ?? ''
    expect(details).toMatch(/turn 1 · user · 7 mshi\[U\+202E RLO\] thereanswerHello!✓ contains: ok/)
    expect(details).toMatch(/turn 2 · user · 7 msand Lyon\?answerNo idea\.✗ contains: missing "Lyon"/)
  })

  // A report past both of the page's sizes: rows listed 500 at a time, and a search that waits for the typing to stop
  // above 2,000 cases. Its open and filter times at 10,000 cases (2 targets) are bench/agent-tests.mjs's figures.
  it('a 2,500-case report lists 500 rows at a time and filters (the figures are printed, not asserted)', async () => {
    const results: TestResult[] = Array.from({ length: 2_500 }, (_, i) => ({
      case: `case ${i}`,
      description: `case ${i} about ${['weather', 'sports', 'cooking', 'travel'][i % 4]}`,
      caseIndex: i,
      tags: [i % 2 ? 'odd' : 'even'],
      target: 'demo-assistant',
      repeat: 0,
      passRate: 1,
      vars: { n: i },
      pass: i % 10 !== 0,
      score: 1,
      answer: `You said: "question ${i}"\n${'an answer of a few words '.repeat(8)}token${i}`,
      toolCalls: [],
      finishReason: 'stop',
      usage: { prompt_tokens: 10, completion_tokens: 40, total_tokens: 50 },
      latencyMs: 20 + (i % 50),
      error: null,
      assertions: [{ type: 'contains', pass: i % 10 !== 0, score: 1, weight: 1, reason: 'contains "You said"' }],
    }))
    const meta = { title: 'big', file: 'big.yaml', summary: '2500 cases', startedAt: 0, targets: ['demo-assistant'] }
    const html = htmlReport(meta, cellsOf(results))
    const file = join(tempDir(), 'big.html')
    await writeFile(file, html)
    const t0 = performance.now()
    await page.goto(pathToFileURL(file).href)
    await page.waitForSelector('body[data-ready]')
    const openMs = performance.now() - t0
    // the rows are shown 500 at a time; the count is of every case that matches
    expect(await page.locator('#rows tr.case').count()).toBe(500)
    expect(await page.textContent('#count')).toBe(
      // the count says cases and cells apart, and how many rows the table lists
      'showing 2500 of 2500 cases (the first 500 listed) · 2500 cells: 2250 passed, 250 failed, 0 errored (all targets)',
    )
    const filter = async (act: () => Promise<void>, count: string) => {
      const t = performance.now()
      await act()
      await page.waitForFunction((c) => document.getElementById('count')!.textContent!.startsWith(c), count)
      return performance.now() - t
    }
    const verdictMs = await filter(() => page.selectOption('#f-verdict', 'failing').then(() => {}), 'showing 250 of')
    // the first 20 failing cases stay open under the filter
    expect(await page.locator('#rows tr.details').count()).toBe(20)
    const clearMs = await filter(() => page.selectOption('#f-verdict', '').then(() => {}), 'showing 2500 of')
    await page.click('#more')
    expect(await page.locator('#rows tr.case').count()).toBe(1000)
    // a word found only in one answer (the search waits 120 ms after the last key on a page this size)
    const searchMs = await filter(() => page.fill('#search', 'token2499'), 'showing 1 of')
    expect(await page.textContent('#count')).toBe(
      'showing 1 of 2500 cases · 1 cell: 1 passed, 0 failed, 0 errored (all targets)',
    )
    expect(await shownCases(page)).toEqual(['case 2499 about travel'])
    console.log(
      `2,500-case report: ${(html.length / 1024 / 1024).toFixed(2)} MB; opened and rendered in ${openMs.toFixed(0)} ms; verdict filter ${verdictMs.toFixed(0)} ms, cleared ${clearMs.toFixed(0)} ms; text search in answers ${searchMs.toFixed(0)} ms (120 ms of it the typing pause)`,
    )
  }, 60_000)
})
