// Where jq comes from: jq-wasm, required from node_modules at run time rather than bundled (its Emscripten loader
// reads `__dirname`, which an ES module chunk does not have; it is a dependency of the package, so it is there
// wherever agentry is). The single executable has no node_modules: its build makes this require load jq from a module
// inside the executable (scripts/build-exe.mjs).
import { createRequire } from 'node:module'

export type Jq = typeof import('jq-wasm')

/** jq-wasm's module. */
export const loadJq = (): Jq => createRequire(import.meta.url)('jq-wasm') as Jq
