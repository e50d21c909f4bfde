// What the build (dist/ under cliRoot) is made of, from esbuild's metafile (dist/meta.json, scripts/build.mjs): the
// start-up tests look for these files among those a run loaded.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cliRoot } from './cli.js'

/** The part of the metafile read here: each output file and its inputs. */
export type BuiltOutputs = Record<string, { inputs: Record<string, unknown> }>

let outputs: BuiltOutputs | undefined
/** The build's output files (`dist/…`), read once. */
export function builtOutputs(): BuiltOutputs {
  outputs ??= (JSON.parse(readFileSync(join(cliRoot, 'dist/meta.json'), 'utf8')) as { outputs: BuiltOutputs }).outputs
  return outputs
}

/** The built .js files (`dist/…`) that carry the package `pkg`. */
export function chunksOf(pkg: string): string[] {
  return Object.entries(builtOutputs())
    .filter(([out, o]) => out.endsWith('.js') && Object.keys(o.inputs).some((i) => i.includes(`node_modules/${pkg}/`)))
    .map(([out]) => out)
}
