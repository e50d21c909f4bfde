// The repository packed as a release is (`npm pack`, declarations included), for the packaging tests
// (e2e/install-global, e2e/pack-install): packed once and shared, cached under .tmp/pack/<key>/ with the key a hash
// of what goes into the tarball (test/helpers/source-key.ts), so the two files, which run in two workers, pack once,
// and a later run without change packs nothing. A lock keeps the second file waiting while the first packs.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { execa } from 'execa'
import lockfile from 'proper-lockfile'
import { repoRoot } from './cli.js'
import { sourceKey } from './source-key.js'

/** What the tarball is made of: package.json "files" (dist/ is built from src/ by the build scripts) and its config. */
const inputs = [
  'src',
  'bin',
  'docs',
  'README.md',
  'package.json',
  'tsconfig.lib.json',
  'scripts/build.mjs',
  'scripts/esbuild-plugins.mjs',
]

/** The packed tarball. */
export interface Packed {
  /** its path */
  tarball: string
  /** the version of package.json it holds */
  version: string
}

/** The tarball of the current sources, packed now unless a pack of them is cached. */
export async function packedTarball(): Promise<Packed> {
  const cache = join(repoRoot, '.tmp/pack')
  const dir = join(cache, sourceKey(inputs))
  const manifest = join(dir, 'packed.json')
  const cached = (): Packed | undefined =>
    existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as Packed) : undefined
  const hit = cached()
  if (hit) return hit
  mkdirSync(cache, { recursive: true })
  const release = await lockfile.lock(cache, {
    lockfilePath: join(repoRoot, '.tmp/pack.lock'),
    retries: { retries: 600, minTimeout: 250, maxTimeout: 500 },
    stale: 60_000,
  })
  try {
    // the other file may have packed while this one waited for the lock
    const packed = cached()
    if (packed) return packed
    for (const old of readdirSync(cache)) rmSync(join(cache, old), { recursive: true, force: true })
    // dist/ is the build of the current source (vitest's global setup); the declarations are built here (tsc writes
    // only under dist/types); packed as it is, without prepack's rebuild
    await buildTypes()
    const building = `${dir}.building-${process.pid}`
    mkdirSync(building, { recursive: true })
    const out = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', building], {
      cwd: repoRoot,
    })
    const [{ filename, version }] = JSON.parse(out.stdout) as [{ filename: string; version: string }]
    const made: Packed = { tarball: join(dir, filename), version }
    writeFileSync(join(building, 'packed.json'), JSON.stringify(made))
    // renamed only when complete: a run that stops half-way leaves no tarball under the key
    renameSync(building, dir)
    return made
  } finally {
    await release()
  }
}

/**
 * package.json's `build:types` (tsc writing the declarations, single-threaded as every tsc of the project), run as its
 * command without npm (one npm process less, ~0.4 s of CPU).
 */
async function buildTypes(): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  const [command, ...args] = pkg.scripts['build:types']!.split(' ')
  await execa(join(repoRoot, 'node_modules/.bin', command!), args, { cwd: repoRoot })
}
