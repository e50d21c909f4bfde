// `login --no-browser` as a process: the built CLI against the emulator ends as soon as the browser's redirect reaches
// its loopback listener, though its stdin (where the address could be pasted) stays open. What a login does (the
// pasted address or code, --device, one client per base URL, --with-api-key) is checked in-process, against the
// same emulator, in test/commands/auth-headless.test.ts.
import { execa } from 'execa'
import { describe, expect, it } from 'vitest'
import { binPath, cliEnv, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { consent } from '../helpers/oauth-browser.js'

const fx = emulatorFixture({ built: true })

/** The built CLI with a stdin pipe the test writes to, and its stderr collected as it comes. */
function spawnWithStdin(args: string[], configDir: string) {
  const proc = execa(process.execPath, [binPath, ...args], {
    env: cliEnv(configDir),
    extendEnv: false,
    reject: false,
    stdin: 'pipe',
    timeout: 30_000,
  })
  let stderr = ''
  const waiters: { re: RegExp; resolve: (m: RegExpExecArray) => void }[] = []
  proc.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    for (const w of [...waiters]) {
      const m = w.re.exec(stderr)
      if (m) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(m)
      }
    }
  })
  /** Resolves when stderr matches `re` (rejects if the CLI ends first). */
  const waitFor = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const m = re.exec(stderr)
      if (m) return resolve(m)
      waiters.push({ re, resolve })
      proc.then(() => reject(new Error(`the CLI ended before printing ${re}: ${stderr}`)), reject)
    })
  return { proc, waitFor, stderr: () => stderr }
}

const authorizeUrl = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/

describe('login --no-browser, the built CLI', () => {
  it('ends as soon as the loopback redirect wins, though stdin stays open', async () => {
    const dir = tempConfigDir()
    const run = spawnWithStdin(['--base-url', fx.emu.baseUrl, 'login', '--no-browser'], dir)
    const back = await consent((await run.waitFor(authorizeUrl))[1]!)
    const page = await fetch(back)
    expect(page.status).toBe(200)
    const started = Date.now()
    const r = await run.proc
    expect(r.exitCode, run.stderr()).toBe(0)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(run.proc.stdin.writableEnded).toBe(false)
  })
})
