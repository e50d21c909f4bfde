// The single executable (`npm run build:exe`, scripts/build-exe.mjs) for the process-tier tests, built once and
// cached under .tmp/exe/<key>/agentry, the key a hash of everything it is built from (src/, bin/, the build scripts,
// package.json, the help text and completion table of dist/), so a test run after any change of those builds it
// again and a run without change reuses it. Older builds are removed: each is a copy of Node (~127 MiB). Three files
// of the process tier (release, setup-action, single-executable) start together, slowest first, in three workers: a
// lock keeps the others waiting while the first builds, so the executable is built once, not three times at once on
// two cores.
import { createHash } from 'node:crypto'
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { execa } from 'execa'
import lockfile from 'proper-lockfile'
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
export async function singleExecutable(): Promise<string> {
  const key = sourceKey(inputs)
  const cache = join(repoRoot, '.tmp/exe')
  const exe = join(cache, key, 'agentry')
  if (existsSync(exe)) return exe
  mkdirSync(cache, { recursive: true })
  const release = await lockfile.lock(cache, {
    lockfilePath: join(repoRoot, '.tmp/exe.lock'),
    retries: { retries: 1200, minTimeout: 250, maxTimeout: 500 },
    stale: 60_000,
  })
  try {
    // another file may have built it while this one waited for the lock
    if (existsSync(exe)) return exe
    for (const old of readdirSync(cache)) rmSync(join(cache, old), { recursive: true, force: true })
    // built beside, then renamed: a run that stops half-way leaves no executable under the key
    const building = join(cache, `${key}.building-${process.pid}`)
    await execa(process.execPath, ['scripts/build-exe.mjs', join(building, 'agentry')], { cwd: repoRoot })
    renameSync(building, join(cache, key))
    return exe
  } finally {
    await release()
  }
}

/**
 * The SHA-256 of the executable `singleExecutable()` gave, hex: computed once per build and kept beside it
 * (`agentry.sha256`), so a run without change reads 64 bytes instead of hashing ~115 MiB.
 */
export async function executableSha256(exe: string): Promise<string> {
  const file = `${exe}.sha256`
  if (existsSync(file)) return readFileSync(file, 'utf8')
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(exe)) hash.update(chunk as Buffer)
  const digest = hash.digest('hex')
  writeFileSync(`${file}.${process.pid}`, digest)
  renameSync(`${file}.${process.pid}`, file)
  return digest
}
