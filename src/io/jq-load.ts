// Where jq comes from: jq-wasm's Emscripten module (jq compiled to WebAssembly, the wasm inline as base64), read as
// text and run in a worker (src/io/jq-worker.ts), never imported: jq-wasm is a dependency of the package, so it is
// in node_modules wherever agentry is. The single executable has no node_modules: it holds the same file as its
// asset `jq.js` (scripts/build-exe.mjs).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/** The text of jq-wasm's build/jq.js. */
export function loadJqGlue(): string {
  const sea = process.getBuiltinModule('node:sea')
  if (sea?.isSea()) return sea.getAsset('jq.js', 'utf8')
  return readFileSync(createRequire(import.meta.url).resolve('jq-wasm/dist/build/jq.js'), 'utf8')
}
