// The one way a test gets a real browser: Debian's chromium-headless-shell (`apt-get install -y
// chromium-headless-shell`, done by .ci/run), else Debian's chromium, driven by playwright-core through executablePath
// (no browser download can work here). The headless shell is chromium's own engine (the same Blink and V8, the same
// version as the chromium package) without the desktop browser around it, which is what playwright itself runs for
// headless tests: on the report test it spent ~30% less CPU than chromium (browser process 4.2 → 2.4 s, renderers 7.2 →
// 5.2 s). One browser per test file and one page for its tests (launchOnePage: chromium in one process); screenshots
// go to test-artifacts/ so CI keeps what a person would have seen.
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'

/** AGENTRY_CHROMIUM, else the first of these that is installed. */
const executables = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']
const executablePath = process.env.AGENTRY_CHROMIUM ?? executables.find((p) => existsSync(p)) ?? executables[0]!

/** Where screenshots of browser tests are kept (a CI artifact); made on first use. */
export const artifactDir = join(import.meta.dirname, '..', '..', 'test-artifacts')

/** The flags this closed network needs (no background connections, no sandbox as root). */
const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

async function launch(args: string[]): Promise<Browser> {
  if (!existsSync(executablePath))
    throw new Error(
      `no chromium at ${executablePath}: run apt-get install -y chromium-headless-shell (or set AGENTRY_CHROMIUM)`,
    )
  return chromium.launch({ executablePath, headless: true, args })
}

/** Starts headless chromium as usual (its browser, renderers, GPU and network service in processes of their own). */
export async function launchBrowser(): Promise<Browser> {
  return launch(flags)
}

/** The browsers of launchOnePage, which must not be given a second context. */
const onePageBrowsers = new WeakSet<Browser>()

/**
 * Starts headless chromium in ONE process (`--single-process --no-zygote`: the browser, its renderer, compositor and
 * network service as threads of one process, not six talking over IPC) with the page a test file uses for its tests,
 * one after the other. What the page loads and does is the same; chromium spent ~20% less CPU (the two browser files'
 * chromium 15.3-16.5 s → 12.1-12.6 s, three interleaved runs). Such a chromium has one browser context and no other:
 * a second crashes it (newPage refuses), so a test that needs fresh contexts takes launchBrowser.
 */
export async function launchOnePage(): Promise<{ browser: Browser; page: Page }> {
  const browser = await launch([...flags, '--single-process', '--no-zygote'])
  const page = await (await browser.newContext()).newPage()
  onePageBrowsers.add(browser)
  return { browser, page }
}

/** A page in a fresh context (no shared cookies between tests). */
export async function newPage(browser: Browser): Promise<Page> {
  if (onePageBrowsers.has(browser))
    throw new Error('a chromium of launchOnePage has its one page (a second context crashes it): use launchBrowser')
  const context = await browser.newContext()
  return context.newPage()
}

/**
 * Saves a full-page screenshot as test-artifacts/<name>.png and returns its path. Each costs chromium ~0.1 s of CPU for
 * a window-sized page and more for a tall one (~0.5 s at 3,000 px): take one where a page shows what no other does.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactDir, { recursive: true })
  const path = join(artifactDir, `${name.replace(/[^\w.-]+/g, '-')}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}
