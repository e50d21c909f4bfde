// Where jq comes from: jq-wasm, required from node_modules at run time rather than bundled (its Emscripten loader
// reads `__dirname`, which an ES module chunk does not have; it is a dependency of the package, so it is there
// wherever agentry is). The single executable has no node_modules: its build puts another module in this one's
// place, which loads jq from the executable's own asset (scripts/build-exe.mjs, `jq-from-asset`).
import { createRequire } from 'node:module'

export type Jq = typeof import('jq-wasm')

/** jq-wasm's module. */
export const loadJq = (): Jq => createRequire(import.meta.url)('jq-wasm') as Jq
