// vitest globalSetup of the browser tier (vitest.config.ts): one chromium for the run's browser files, started in
// vitest's own process (so its CPU counts in the run's) and only when the run has a browser file. The launch is not
// awaited here, so the run's files start meanwhile: its endpoint, or why it failed, is written to a file that
// `sharedBrowser()` (test/helpers/browser.ts) waits for. A file launching its own cost ~3 s of CPU a file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserServer, chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { chromiumOptions } from './browser.js'

export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'agentry-browser-'))
  const file = join(dir, 'endpoint.json')
  const launched: Promise<BrowserServer | undefined> = (async () => chromium.launchServer(chromiumOptions()))().then(
    (server) => {
      writeFileSync(file, JSON.stringify({ wsEndpoint: server.wsEndpoint() }))
      return server
    },
    (e: Error) => {
      writeFileSync(file, JSON.stringify({ error: e.message }))
      return undefined
    },
  )
  project.provide('agentryBrowserFile', file)
  return async () => {
    await (await launched)?.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
