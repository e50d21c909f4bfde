// `agentry files …` end to end: the built CLI against a real emulator; binary bytes survive upload and download
// exactly, to a file and through stdout.
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { execa } from 'execa'
import { describe, expect, it } from 'vitest'
import { assertBuilt, binPath, cliEnv, runCli, tempConfigDir } from '../helpers/cli.js'
import { tempDir } from '../helpers/temp-dir.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ emulator: quietEmulator })

/** Runs the built CLI and keeps stdout as bytes. */
async function runBinary(args: string[]): Promise<{ exitCode: number; stdout: Buffer; stderr: string }> {
  assertBuilt()
  const r = await execa(process.execPath, [binPath, ...args], {
    env: cliEnv(tempConfigDir(), fx.env()),
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    encoding: 'buffer',
    stripFinalNewline: false,
    timeout: 30_000,
  })
  return { exitCode: r.exitCode ?? -1, stdout: Buffer.from(r.stdout), stderr: Buffer.from(r.stderr).toString() }
}

describe('files upload and download', () => {
  it('round-trips binary bytes exactly (every byte value, CR/LF, NUL), to a file and to stdout', async () => {
    const dir = tempDir()
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from('\r\n\n\r\0'),
      randomBytes(300_000),
    ])
    const local = join(dir, 'data.bin')
    writeFileSync(local, bytes)

    const up = await runCli(['files', 'upload', local, '--to', 'e2e/data.bin', '--json'], { env: fx.env() })
    expect(up.exitCode).toBe(0)
    expect(JSON.parse(up.stdout)).toMatchObject({
      path: 'e2e/data.bin',
      size: bytes.length,
      contentType: 'application/octet-stream',
    })

    const out = join(dir, 'back.bin')
    const down = await runCli(['files', 'download', 'e2e/data.bin', '--out', out], { env: fx.env() })
    expect(down.exitCode).toBe(0)
    expect(down.stdout).toBe('')
    expect(readFileSync(out).equals(bytes)).toBe(true)
    expect(readdirSync(dir).sort()).toEqual(['back.bin', 'data.bin'])

    const piped = await runBinary(['files', 'download', 'e2e/data.bin'])
    expect(piped.exitCode).toBe(0)
    expect(piped.stdout.equals(bytes)).toBe(true)

    const listed = await runCli(['files', 'list', '--prefix', 'e2e/'], { env: fx.env() })
    expect(listed.stdout).toMatch(new RegExp(`^e2e/data\\.bin\\t${bytes.length}\\tapplication/octet-stream\\t`))

    expect((await runCli(['files', 'delete', 'e2e/data.bin', '--yes'], { env: fx.env() })).exitCode).toBe(0)
    expect((await runCli(['files', 'download', 'e2e/data.bin', '--out', out], { env: fx.env() })).exitCode).toBe(3)
    expect(readFileSync(out).equals(bytes)).toBe(true) // the failed download left the older file alone
  })
})
