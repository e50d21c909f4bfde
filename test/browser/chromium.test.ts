// The browser tier's own check: Debian's chromium starts with our flags, renders a page with no network, and a
// screenshot lands in test-artifacts/. When this fails, every other browser test would fail the same way.
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, newPage, screenshot } from '../helpers/browser.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

it('renders an inline page, runs no script it was not given, and keeps a screenshot', async () => {
  const page = await newPage(browser)
  await page.setContent('<!doctype html><html lang="en"><title>t</title><h1>agentry</h1><p id="x">&lt;b&gt;</p>')
  expect(await page.textContent('h1')).toBe('agentry')
  expect(await page.textContent('#x')).toBe('<b>')
  const path = await screenshot(page, 'browser-smoke')
  expect(existsSync(path)).toBe(true)
})
