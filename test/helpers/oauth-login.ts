// `agentry login --no-browser` driven to the end for tests that need a stored OAuth grant or look at the login
// itself: the built CLI prints the authorization URL on stderr, and the test plays the user's browser with fetch
// (./oauth-browser.ts: the consent page, the decision, the redirect to the CLI's loopback listener).
import type { Emulator } from '../../src/emulator/types.js'
import { spawnCli } from './cli.js'
import { consentAndReturn } from './oauth-browser.js'

/** The outcome of one login: the CLI's exit, its output, the URL it printed and the loopback's answer. */
export interface LoginRun {
  exitCode: number | undefined
  stdout: string
  stderr: string
  url: string
  callbackStatus: number
}

/** Runs `login --no-browser` (after `extra` global flags), waits for the URL on stderr and answers in the "browser". */
export async function browserLogin(
  emu: Pick<Emulator, 'baseUrl'>,
  configDir: string,
  decision: 'approve' | 'deny' = 'approve',
  extra: string[] = [],
): Promise<LoginRun> {
  const proc = spawnCli(['--base-url', emu.baseUrl, ...extra, 'login', '--no-browser'], { configDir })
  let stderr = ''
  const url = await new Promise<string>((resolve, reject) => {
    proc.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const m = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/.exec(stderr)
      if (m) resolve(m[1]!)
    })
    proc.then((r) => reject(new Error(`login ended before printing a URL: ${r.stderr}`)), reject)
  })
  const callbackStatus = await consentAndReturn(url, decision)
  const r = await proc
  return { exitCode: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr), url, callbackStatus }
}

/** Logs in to the emulator with OAuth into `configDir` (the grant and the base URL are stored in its profile). */
export async function oauthLogin(emu: Pick<Emulator, 'baseUrl'>, configDir: string): Promise<number> {
  return (await browserLogin(emu, configDir)).exitCode ?? -1
}
