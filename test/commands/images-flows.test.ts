// `agentry images …` end to end: the built CLI against a real emulator; a generated image saved with --out is a
// real PNG of the asked size, and a local image is analyzed from its bytes.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCommand } from '../helpers/run-command.js'
import { tempDir } from '../helpers/temp-dir.js'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture()

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

describe('images', () => {
  it('generate prints a URL, and --out writes a valid PNG of the asked size', async () => {
    const url = await runCommand(['images', 'generate', '--prompt', 'a lighthouse at dusk'], { env: fx.env() })
    expect(url.exitCode).toBe(0)
    expect(url.stdout).toMatch(new RegExp(`^${fx.emu.url}/\\S+\\.png\\n$`))

    const dir = tempDir()
    const out = join(dir, 'lighthouse.png')
    const r = await runCommand(['images', 'generate', '-p', 'a lighthouse at dusk', '--size', '48x32', '--out', out], {
      env: fx.env(),
    })
    expect(r.exitCode).toBe(0)
    expect(r.stdout).toBe('')
    const png = readFileSync(out)
    expect(png.subarray(0, 8).equals(pngSignature)).toBe(true)
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([48, 32])
    expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND')

    // the saved file analyzed from its bytes, sent as a data: URL
    const a = await runCommand(['images', 'analyze', out, '--prompt', 'What is it?'], { env: fx.env() })
    expect(a.exitCode).toBe(0)
    expect(a.stdout).toMatch(/48×32 pixels/)
    expect(a.stdout).toMatch(/Prompt: What is it\?\n$/)
  })

  it('analyze refuses a file that is not an image (exit 2)', async () => {
    const dir = tempDir()
    const fake = join(dir, 'fake.png')
    writeFileSync(fake, 'hello')
    const r = await runCommand(['images', 'analyze', fake], { env: fx.env() })
    expect(r.exitCode).toBe(2)
    expect(r.stderr).toBe(
      `error: ${fake}: not a PNG, JPEG, GIF or WebP image\nhint: convert it, or pass an https URL\n`,
    )
  })
})
