// `--jq` in the built CLI (issue 22 item 9): jq-wasm is required from node_modules at run time (its Emscripten
// loader needs __dirname, which a bundled ES module chunk lacks), which only the real bin shows; and a run without
// --jq never loads it (start-up does not grow).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runCli } from '../helpers/cli.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })

it('the built bin filters with --jq, and a bad expression exits 2 on stderr', async () => {
  const r = await runCli(['agents', 'list', '--jq', '.[0].id'], { env: fx.env() })
  expect(r.stderr).toBe('')
  expect(r).toMatchObject({ exitCode: 0, stdout: 'demo-assistant\n' })
  const bad = await runCli(['agents', 'list', '--jq', '.['], { env: fx.env() })
  expect(bad.exitCode).toBe(2)
  expect(bad.stdout).toBe('')
  expect(bad.stderr).toMatch(/^error: --jq: syntax error/)
})

it('agents list --json loads nothing of jq; --jq loads it', async () => {
  // a file of jq's own (dist/chunks/jq-….js, node_modules/jq-wasm/…): not any name with the letters in it, as a
  // chunk's content hash can be (chunk-NY3JQYL3.js)
  const hook = join(mkdtempSync(join(tmpdir(), 'agentry-jq-')), 'log-loads.mjs')
  writeFileSync(
    hook,
    `import { registerHooks } from 'node:module'
registerHooks({ load(url, c, next) { if (/\\/jq[-.]/.test(url)) process.stderr.write('load ' + url + '\\n'); return next(url, c) } })
`,
  )
  const env = { ...fx.env(), NODE_OPTIONS: `--import ${hook}` }
  const plain = await runCli(['agents', 'list', '--json'], { env })
  expect(plain.exitCode).toBe(0)
  expect(plain.stderr).toBe('')
  const filtered = await runCli(['agents', 'list', '--jq', 'length'], { env })
  expect(filtered.exitCode).toBe(0)
  expect(filtered.stderr).toMatch(/load .*jq-wasm/)
})
