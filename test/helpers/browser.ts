// The one way a test gets a real browser: Debian's chromium-headless-shell (`apt-get install -y
// chromium-headless-shell`, done by .ci/run), else Debian's chromium, driven by playwright-core through executablePath
// (no browser download can work here). The headless shell is chromium's own engine (the same Blink and V8, the same
// version as the chromium package) without the desktop browser around it, which is what playwright itself runs for
// headless tests: on the report test it spent ~30% less CPU than chromium (browser process 4.2 → 2.4 s, renderers 7.2 →
// 5.2 s). One browser per test file, a fresh context per page; screenshots go to test-artifacts/ so CI keeps what a
// person would have seen.
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'

/** AGENTRY_CHROMIUM, else the first of these that is installed. */
const executables = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']
const executablePath = process.env.AGENTRY_CHROMIUM ?? executables.find((p) => existsSync(p)) ?? executables[0]!

/** Where screenshots of browser tests are kept (a CI artifact); made on first use. */
export const artifactDir = join(import.meta.dirname, '..', '..', 'test-artifacts')

/** Starts headless chromium with the flags this closed network needs (no background connections, no sandbox as root). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(executablePath))
    throw new Error(
      `no chromium at ${executablePath}: run apt-get install -y chromium-headless-shell (or set AGENTRY_CHROMIUM)`,
    )
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** A page in a fresh context (no shared cookies between tests). */
export async function newPage(browser: Browser): Promise<Page> {
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
