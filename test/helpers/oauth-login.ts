// `agentry login --no-browser` driven to the end for tests that need a stored OAuth grant: the test plays the
// user's browser with fetch (consent page, "approve", the redirect to the CLI's loopback listener).
import type { Emulator } from '../../src/emulator/types.js'
import { spawnCli } from './cli.js'

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))

/** Plays the browser on the consent page: approves, follows the redirect; returns the loopback's status. */
export async function approveInBrowser(authorizeUrl: string): Promise<number> {
  const html = await (await fetch(authorizeUrl)).text()
  const form = /<form method="post" action="([^"]+)">/.exec(html)
  if (!form) throw new Error(`no consent form: ${html.slice(0, 200)}`)
  const fields = new URLSearchParams()
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.set(unescapeHtml(m[1]!), unescapeHtml(m[2]!))
  fields.set('decision', 'approve')
  const posted = await fetch(new URL(unescapeHtml(form[1]!), authorizeUrl), {
    method: 'POST',
    body: fields,
    redirect: 'manual',
  })
  const back = await fetch(posted.headers.get('location') ?? '')
  await back.text()
  return back.status
}

/** Logs in to the emulator with OAuth into `configDir` (the grant and the base URL are stored in its profile). */
export async function oauthLogin(emu: Pick<Emulator, 'baseUrl'>, configDir: string): Promise<number> {
  const proc = spawnCli(['--base-url', emu.baseUrl, 'login', '--no-browser'], { configDir })
  let stderr = ''
  const url = await new Promise<string>((resolve, reject) => {
    proc.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const m = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/.exec(stderr)
      if (m) resolve(m[1]!)
    })
    proc.then((r) => reject(new Error(`login ended before printing a URL: ${r.stderr}`)), reject)
  })
  await approveInBrowser(url)
  return (await proc).exitCode ?? -1
}
