// What the library and the contract cost (issue 7 items 2 and 9): the time to import the public library
// (`dist/index.js`) in a fresh process, and the JS a CLI command loads with and without it, read from the build's
// metafile. Run: npm run bench -- library
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const runs = Number(process.env.BENCH_RUNS ?? 15)
const dist = new URL('../dist/', import.meta.url)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

function importMs(spec) {
  const code = `const t = performance.now(); await import(${JSON.stringify(spec)}); process.stdout.write(String(performance.now() - t))`
  const xs = []
  for (let i = 0; i < runs + 2; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(r.stderr)
    if (i >= 2) xs.push(Number(r.stdout))
  }
  return median(xs)
}

const meta = JSON.parse(readFileSync(new URL('meta.json', dist), 'utf8'))
/** Every file reachable from `entry` by static imports, with its bytes. */
function staticClosure(entry) {
  const seen = new Map()
  const visit = (file) => {
    if (seen.has(file) || !meta.outputs[file]) return
    seen.set(file, meta.outputs[file].bytes)
    for (const i of meta.outputs[file].imports) if (i.kind === 'import-statement') visit(i.path)
  }
  visit(entry)
  return seen
}
const chunkOf = (src) =>
  Object.keys(meta.outputs).find(
    (f) => meta.outputs[f].entryPoint === undefined && Object.hasOwn(meta.outputs[f].inputs, src),
  )
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0)

const cli = staticClosure('dist/cli.js')
console.log(`cli.js start-up closure (every command): ${cli.size} files, ${kb(sum(cli))}`)
const inCli = [...cli.keys()].filter((f) =>
  Object.keys(meta.outputs[f].inputs).some((i) => /src\/(sdk|api\/contract)\//.test(i)),
)
console.log(`  of which library or contract code: ${inCli.length ? inCli.join(', ') : 'none'}`)
const sdkChunk = chunkOf('src/sdk/client.ts')
const sdk = staticClosure(sdkChunk)
console.log(`ctx.sdk() (commands that call the service): ${sdk.size} files, ${kb(sum(sdk))} (zod, undici)`)
const lib = staticClosure('dist/index.js')
console.log(`library entry dist/index.js: ${lib.size} files, ${kb(sum(lib))}`)
console.log(
  `import('agentry') in a fresh process: ${importMs(new URL('index.js', dist).href).toFixed(1)} ms (median of ${runs})`,
)
