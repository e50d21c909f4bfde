// The HTML report of `agentry test` in a real browser (Debian's chromium through the one launcher): opened from disk
// with no server, it shows the matrix and the failing case, hostile answers and names stay text (no script from an
// answer runs, no image loads), the "only failed" filter works, and a screenshot is kept in test-artifacts/. First
// the browser tier's own check (it was test/browser/chromium.test.ts, a chromium of its own for one page): chromium
// starts with our flags and renders a page with no network; when it fails, every other browser test fails the same way.
import { existsSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Dialog, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { launchBrowser, newPage, screenshot } from '../helpers/browser.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const demo = join(import.meta.dirname, '..', '..', 'docs', 'agent-tests.example.yaml')
const hostile = [
  '<script>window.__pwned = "script"; alert(1)</script>',
  '<img src=x onerror="window.__pwned = \'img\'; alert(2)">',
  '</script><script>window.__pwned = "breakout"</script>',
  '<!-- <svg onload="window.__pwned = \'svg\'"> \u2028 ]]>',
]

let browser: Browser
/** One page for the file's tests, one after the other (a new page costs a renderer process); each test loads its own
 * document in it, and listens to it only within the test. */
let page: Page
let report: string
let demoReport: string
beforeAll(async () => {
  browser = await launchBrowser()
  page = await newPage(browser)
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
  expect(await emulatorContext(fx).run(['test', file, '--report', report])).toBe(10)
  demoReport = join(dir, 'demo.html')
  const env = { AGENTRY_SCENARIO_SECRET: 'demo-summarize-secret' }
  expect(await emulatorContext(fx, { env }).run(['test', demo, '--report', demoReport])).toBe(10)
}, 60_000)
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
    const data = /<script type="application\/json" id="data">([^<]*)<\/script>/.exec(whole)
    expect(data).not.toBeNull()
    expect(data![1]).not.toMatch(/[<>&]/)
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
    expect(await page.textContent('thead')).toContain('<i>assistant</i>')
    const body = (await page.textContent('#rows')) ?? ''
    expect(body).toContain('hostile 0 <script>window.__pwned = "script"; alert(1)</script>')
    expect(body).toContain('</script><script>window.__pwned = "breakout"</script>')
    await screenshot(page, 'agent-test-report-hostile')
  })

  it('the demo report shows the failing cases open, and "only failed" hides the rest', async () => {
    await page.goto(pathToFileURL(demoReport).href)
    await page.waitForSelector('#rows tr.case')
    expect(await page.locator('#rows tr.case').count()).toBe(12)
    expect(await page.textContent('#count')).toBe('2 of 12 cases failed on some target')
    // the failing cases' details are open: the failing assertion highlighted, the judge's reason shown
    const bad = page.locator('li.bad')
    expect(await bad.count()).toBe(2)
    expect(await bad.first().textContent()).toContain('judge: demo-judge: the answer does not mention "sunny"')
    expect(await page.locator('.details').first().textContent()).toContain('Hello! I am **Demo Assistant**')
    await screenshot(page, 'agent-test-report-demo')
    await page.check('#failed')
    expect(await page.locator('#rows tr.case:not(.hidden)').count()).toBe(2)
    expect(await page.locator('#rows tr.case:not(.hidden) td:first-child').allTextContents()).toEqual([
      'mentions the weather (fails on purpose)',
      'no tool call (fails on purpose)',
    ])
    await page.uncheck('#failed')
    await page.fill('#search', 'json')
    expect(await page.locator('#rows tr.case:not(.hidden) td:first-child').allTextContents()).toEqual([
      'answers in JSON',
    ])
  })
})
