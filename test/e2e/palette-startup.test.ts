// chalk (the one palette, src/io/palette.ts) with colour forced on: the palette loads and styles the table's header.
// That `agents list --json` piped, colour off, loads no chunk holding chalk is checked by the run that logs every
// file it loads: test/e2e/startup-modules.test.ts. A load
// hook (module.registerHooks, given by NODE_OPTIONS) logs each file the ESM loader loads; dist/meta.json (esbuild's
// metafile) says which chunks hold chalk.
import { rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chunksOf } from '../helpers/built-chunks.js'
import { runCli } from '../helpers/cli.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })
const hookFile = join(tempDir('agentry-palette-'), 'log-loads.mjs')
// made outside a test, so removed here (tempDir's own clean-up is per test)
afterAll(() => rmSync(dirname(hookFile), { recursive: true, force: true }))
let chalkChunks: string[] = []
beforeAll(() => {
  writeFileSync(
    hookFile,
    `import { registerHooks } from 'node:module'
registerHooks({ load(url, c, next) { if (url.includes('/dist/')) process.stderr.write('load ' + url + '\\n'); return next(url, c) } })
`,
  )
  chalkChunks = chunksOf('chalk').map((out) => out.replace(/^dist\//, ''))
})

/** The dist/ files a run loaded, relative to dist/. */
const loaded = (stderr: string) =>
  [...stderr.matchAll(/^load file:.*?\/dist\/(.+)$/gm)].map((m) => m[1]!).filter((f) => !f.endsWith('.map'))

it('colour forced on: the palette loads and the table header is bold', async () => {
  expect(chalkChunks.length).toBeGreaterThan(0)
  const env = { ...fx.env(), NO_COLOR: undefined, FORCE_COLOR: '1', NODE_OPTIONS: `--import ${hookFile}` }
  const r = await runCli(['agents', 'list', '-o', 'table'], { env })
  expect(r.exitCode).toBe(0)
  expect(r.stdout).toMatch(/^\x1b\[1mID +NAME.*\x1b\[22m\n/)
  expect(loaded(r.stderr).filter((f) => chalkChunks.includes(f))).not.toEqual([])
})
