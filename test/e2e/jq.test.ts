// `--jq` in the built CLI (issue 22 item 9): jq-wasm is required from node_modules at run time (its Emscripten
// loader needs __dirname, which a bundled ES module chunk lacks), which only the real bin shows; and a run without
// --jq never loads it (start-up does not grow: checked by the run that logs every file `agents list --json` loads,
// test/e2e/startup-modules.test.ts). A bad expression's exit 2 and message: test/commands/jq.test.ts.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runCli } from '../helpers/cli.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })

/** A preload that logs each file of jq's own that loads (dist/chunks/jq-….js, node_modules/jq-wasm/…): not any name
 * with the letters in it, as a chunk's content hash can be (chunk-NY3JQYL3.js). */
function jqLoadLog(): Record<string, string> {
  const hook = join(tempDir('agentry-jq-'), 'log-loads.mjs')
  writeFileSync(
    hook,
    `import { registerHooks } from 'node:module'
registerHooks({ load(url, c, next) { if (/\\/jq[-.]/.test(url)) process.stderr.write('load ' + url + '\\n'); return next(url, c) } })
`,
  )
  return { ...fx.env(), NODE_OPTIONS: `--import ${hook}` }
}

it('the built bin filters with --jq, loading jq-wasm from node_modules', async () => {
  const r = await runCli(['agents', 'list', '--jq', '.[0].id'], { env: jqLoadLog() })
  expect(r).toMatchObject({ exitCode: 0, stdout: 'demo-assistant\n' })
  const loads = r.stderr.split('\n').filter(Boolean)
  expect(loads.some((l) => /^load .*jq-wasm/.test(l))).toBe(true)
  expect(loads.filter((l) => !l.startsWith('load '))).toEqual([])
})
