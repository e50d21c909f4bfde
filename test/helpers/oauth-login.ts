// A stored OAuth grant for the process tests that use one (parallel refreshes, `mcp serve` refreshing its token):
// `agentry login` run in-process (test/helpers/run-command.ts) against the emulator, its injected browser approving
// on the consent page and following the redirect to the loopback listener (./oauth-browser.ts). The grant lands in
// `configDir` as a login by the built CLI leaves it; the login itself is checked in test/commands/auth-emulator.test.ts.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Emulator } from '../../src/emulator/types.js'
import { consentAndReturn } from './oauth-browser.js'
import { runCommand } from './run-command.js'

/** Logs in to the emulator with OAuth into `configDir` (the grant and the base URL are stored in its profile). */
export async function oauthLogin(emu: Pick<Emulator, 'baseUrl'>, configDir: string): Promise<number> {
  const r = await runCommand(['--base-url', emu.baseUrl, 'login'], {
    configDir,
    openBrowser: async (url) => {
      await consentAndReturn(url, 'approve')
    },
  })
  return r.exitCode
}

/**
 * Sets when the access token of the default profile's grant in `configDir` expires (ms since the epoch), as a clock
 * past it (or inside the refresh skew) would find it; gives the grant as it was stored before.
 */
export async function setGrantExpiry(
  configDir: string,
  expiresAt: number,
): Promise<{ accessToken: string; refreshToken: string }> {
  const file = join(configDir, 'credentials.json')
  const creds = JSON.parse(await readFile(file, 'utf8'))
  const before = { ...creds.profiles.default.oauth }
  creds.profiles.default.oauth.expiresAt = expiresAt
  await writeFile(file, JSON.stringify(creds), { mode: 0o600 })
  return before
}
