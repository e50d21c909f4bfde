// The one way a bench starts the emulator as a process of its own (`agentry emulator start --port 0`, so that the
// runs it measures never share its event loop) and learns where it listens from its banner; and the environment a
// measured run gets: a fresh config and state dir, the emulator's base URL, account and demo key, no colour.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Starts `node <bin> emulator start --port 0`; resolves to {server, baseUrl, account, apiKey} once it listens. */
export async function startEmulator(node, bin) {
  const server = spawn(node, [bin, 'emulator', 'start', '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] })
  let banner = ''
  while (!/api-key: .+\n/.test(banner)) banner += (await once(server.stdout, 'data'))[0]
  const field = (name) => new RegExp(`^${name}: (.+)$`, 'm').exec(banner)[1]
  return { server, baseUrl: field('base-url'), account: field('account'), apiKey: field('api-key') }
}

/** A new temp dir (`prefix` names it) and the environment of a run against `emu` with its config and state there. */
export function benchEnv(emu, prefix, base = {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const env = {
    ...base,
    AGENTRY_CONFIG_DIR: dir,
    AGENTRY_STATE_DIR: join(dir, 'state'),
    AGENTRY_BASE_URL: emu.baseUrl,
    AGENTRY_ACCOUNT: emu.account,
    AGENTRY_API_KEY: emu.apiKey,
    NO_COLOR: '1',
  }
  return { dir, env }
}
