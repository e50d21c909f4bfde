// `agentry files download` to a process's stdout: binary bytes reach the pipe exactly, as only the built CLI shows
// (its stdout a real pipe, no terminal). Upload, download to a file, list, delete and a failed download are checked
// in-process against the same emulator: test/commands/files-commands.test.ts.
import { randomBytes } from 'node:crypto'
import { execa } from 'execa'
import { describe, expect, it } from 'vitest'
import { assertBuilt, binPath, cliEnv, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })

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

describe('files download to stdout', () => {
  it('writes the binary bytes exactly (every byte value, CR/LF, NUL) to the process stdout', async () => {
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from('\r\n\n\r\0'),
      randomBytes(300_000),
    ])
    fx.emu.state.files.set('e2e/data.bin', {
      path: 'e2e/data.bin',
      contentType: 'application/octet-stream',
      data: bytes.toString('base64'),
      size: bytes.length,
      updatedAt: new Date().toISOString(),
    })
    const piped = await runBinary(['files', 'download', 'e2e/data.bin'])
    expect(piped.exitCode, piped.stderr).toBe(0)
    expect(piped.stdout.equals(bytes)).toBe(true)
  })
})
