// The install path of a release (README "Install"): `npm pack` (test/helpers/packed.ts, shared with pack-install), then `npm install -g <tarball>` into a temporary
// prefix, as on a clean machine, gives a working `agentry` on the PATH: the version, the help, and an API call
// against the emulator. npm installs the dependencies from its cache when it has them (CI has just run `npm ci`).
import { dirname, join } from 'node:path'
import { execa } from 'execa'
import { describe, expect, it } from 'vitest'
import { cliEnv, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { packedTarball } from '../helpers/packed.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ built: true })

describe('npm install -g of the packed tarball', () => {
  it('puts a working agentry on the PATH', async () => {
    const dir = tempDir('agentry-global-')
    const { tarball, version } = await packedTarball()
    const prefix = join(dir, 'prefix')
    const install = await execa(
      'npm',
      ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball],
      { cwd: dir, reject: false },
    )
    expect(install.exitCode, install.stderr).toBe(0)
    // the PATH of a user: the prefix's bin and the Node that runs the tests (22.19 or newer), nothing of the repo
    const PATH = [join(prefix, 'bin'), dirname(process.execPath), '/usr/bin', '/bin'].join(':')
    const agentry = (args: string[], env: Record<string, string> = {}) =>
      execa('agentry', args, {
        env: cliEnv(tempConfigDir(), { PATH, ...env }),
        extendEnv: false,
        reject: false,
        cwd: dir,
      })
    const which = await execa('sh', ['-c', 'command -v agentry'], { env: { PATH } })
    expect(which.stdout).toBe(join(prefix, 'bin', 'agentry'))
    const v = await agentry(['--version'])
    expect([v.exitCode, v.stdout]).toEqual([0, version])
    const h = await agentry(['--help'])
    expect(h.stdout).toMatch(/^Usage: agentry/)
    const list = await agentry(['agents', 'list', '--json'], fx.env())
    expect(list.stderr).toBe('')
    expect((JSON.parse(list.stdout) as { id: string }[]).map((a) => a.id)).toContain('demo-assistant')
  }, 180_000)
})
