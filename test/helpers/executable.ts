// The single executable (`npm run build:exe`, scripts/build-exe.mjs) for the process-tier tests, built once and
// cached under .tmp/exe/<key>/agentry, the key a hash of everything it is built from (src/, bin/, the build scripts,
// package.json, the help text and completion table of dist/), so a test run after any change of those builds it
// again and a run without change reuses it. Older builds are removed: each is a copy of Node (~127 MiB).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './cli.js'
import { sourceKey } from './source-key.js'

/** What the executable is built from. */
const inputs = [
  'src',
  'bin',
  'scripts/build.mjs',
  'scripts/build-exe.mjs',
  'scripts/esbuild-plugins.mjs',
  'scripts/exe-loader.cjs',
  'scripts/elf-inject.mjs',
  'package.json',
  'dist/help.cjs',
  'dist/complete.cjs',
]

/** The path of the executable for the current sources, built now unless a build of them is cached. */
export function singleExecutable(): string {
  const key = sourceKey(inputs)
  const cache = join(repoRoot, '.tmp/exe')
  const exe = join(cache, key, 'agentry')
  if (existsSync(exe)) return exe
  mkdirSync(cache, { recursive: true })
  for (const old of readdirSync(cache))
    if (!old.includes('.building-')) rmSync(join(cache, old), { recursive: true, force: true })
  // built beside, then renamed: a run that stops half-way leaves no executable under the key
  const building = join(cache, `${key}.building-${process.pid}`)
  execFileSync(process.execPath, ['scripts/build-exe.mjs', join(building, 'agentry')], {
    cwd: repoRoot,
    stdio: 'pipe', // a failed build's error carries its stderr
  })
  try {
    renameSync(building, join(cache, key))
  } catch (err) {
    // two files of one run (release, single-executable) built the same key at once: the first rename wins
    if (!existsSync(exe)) throw err
    rmSync(building, { recursive: true, force: true })
  }
  return exe
}
