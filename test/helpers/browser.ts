// The one way a test gets a real browser: Debian's chromium (`apt-get install -y chromium`, done by .ci/run),
// driven by playwright-core through executablePath (no browser download can work here). One chromium for the whole
// test run: the browser tier's globalSetup (test/helpers/browser-server.ts) starts it once, in vitest's own process,
// as soon as a run has a browser file, and each file connects to it (`sharedBrowser()`) and opens its pages in fresh
// contexts. Screenshots go to test-artifacts/ so CI keeps what a person would have seen.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type LaunchOptions, type Page } from 'playwright-core'
import { pollUntil } from './poll.js'

const executablePath = process.env.AGENTRY_CHROMIUM ?? '/usr/bin/chromium'

/** Where screenshots of browser tests are kept (a CI artifact); made on first use. */
export const artifactDir = join(import.meta.dirname, '..', '..', 'test-artifacts')

/** Headless chromium with the flags this closed network needs (no background connections, no sandbox as root). */
export function chromiumOptions(): LaunchOptions {
  if (!existsSync(executablePath))
    throw new Error(`no chromium at ${executablePath}: run apt-get install -y chromium (or set AGENTRY_CHROMIUM)`)
  return {
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
  }
}

/** Starts a chromium of its own (a script outside the test run, such as bench/agent-tests.mjs). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumOptions())
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** the file where the browser tier's globalSetup writes the run's chromium: `{ wsEndpoint }` or `{ error }` */
    agentryBrowserFile: string
  }
}

/**
 * The test run's chromium (test/helpers/browser-server.ts), connected to for this file; `close()` in afterAll closes
 * the file's contexts and disconnects, and the browser itself ends with the run.
 */
export async function sharedBrowser(): Promise<Browser> {
  // imported here: bench/agent-tests.mjs and the globalSetup load this module outside a test file
  const { inject } = await import('vitest')
  const file = inject('agentryBrowserFile')
  if (!file)
    throw new Error('no shared chromium: a browser test runs in the vitest project "browser" (vitest.config.ts)')
  // the run starts chromium alongside the first files, so the first file to need it may wait for its launch
  await pollUntil(() => existsSync(file), { timeoutMs: 60_000, stepMs: 20, what: 'the test run’s chromium' })
  const started = JSON.parse(readFileSync(file, 'utf8')) as { wsEndpoint?: string; error?: string }
  if (!started.wsEndpoint) throw new Error(`chromium did not start: ${started.error}`)
  return chromium.connect(started.wsEndpoint)
}

/** A page in a fresh context (no shared cookies between tests). */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

/** Saves a full-page screenshot as test-artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactDir, { recursive: true })
  const path = join(artifactDir, `${name.replace(/[^\w.-]+/g, '-')}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}
