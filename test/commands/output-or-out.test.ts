// `-o <file>` where `--out <file>` was meant (issue 33 item 2): on a command that has --out, a -o value that is no
// output format is a usage error (exit 2, "did you mean --out?") before anything is sent, on both ways a command
// line is read (src/direct-run.ts, and commander for grouped short options); a real format still passes.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })

describe('-o <file> on a command with --out', () => {
  it.each([
    ['files download', (f: string) => ['files', 'download', 'x.txt', '-o', f]],
    ['cms export', (f: string) => ['cms', 'export', 'posts', '-o', f]],
    ['cms export, -qo (commander)', (f: string) => ['cms', 'export', 'posts', '-qo', f]],
  ])('%s: exit 2 "did you mean --out?", nothing printed or written', async (_name, argv) => {
    fx.emu.state.files.set('x.txt', {
      path: 'x.txt',
      contentType: 'text/plain',
      data: Buffer.from('hello').toString('base64'),
      size: 5,
      updatedAt: new Date().toISOString(),
    })
    const file = join(tempDir(), 'f.json')
    const t = emulatorContext(fx)
    expect(await t.run(argv(file))).toBe(2)
    expect(t.stderr()).toContain(`-o, --output ${file}: not an output format`)
    expect(t.stderr()).toContain('did you mean --out?')
    expect(t.stdout()).toBe('')
    expect(existsSync(file)).toBe(false)
  })

  it('a known format with -o still runs; -o <file> on a command without --out keeps its own message', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['cms', 'export', 'posts', '-o', 'json'])).toBe(0)
    const u = emulatorContext(fx)
    expect(await u.run(['agents', 'list', '-o', 'agents.json'])).toBe(2)
    expect(u.stderr()).not.toContain('did you mean --out?')
  })
})
