// Runs the benchmark scripts (each prints its own figures): npm run bench [-- startup|emulator|stream …]
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const all = [
  'startup',
  'emulator',
  'stream',
  'stream-render',
  'render',
  'cms-export',
  'cms-import',
  'library',
  'chat-log',
  'batch',
  'lock-takeover',
  'agent-tests',
  'jq',
  'accept-checks',
  'mcp-serve',
  'connect',
]
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all
let failed = 0
for (const name of chosen) {
  const file = new URL(`./${name}.mjs`, import.meta.url).pathname
  if (!existsSync(file)) {
    console.error(`bench: no bench/${name}.mjs (have: ${all.join(', ')})`)
    failed++
    continue
  }
  console.log(`\n== ${name}`)
  const r = spawnSync(process.execPath, [file], { stdio: 'inherit' })
  if (r.status !== 0) failed++
}
process.exitCode = failed ? 1 : 0
