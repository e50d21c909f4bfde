// The repository packed as a release is (`npm run release -- --built --no-exe`, scripts/release.mjs: the npm tarball,
// declarations included and source-map comments stripped, and the SBOM, with their SHA256SUMS), for the packaging
// tests (e2e/install-global and e2e/pack-install install the tarball; e2e/release compares its own run's digests with
// these, two runs of the release giving the same bytes): made once and shared, cached under .tmp/pack/<key>/ with the
// key a hash of what goes into the tarball and the SBOM (test/helpers/source-key.ts) and of the Node and npm that make
// them, so the three files, which run in three workers, make it once, and a later run without change makes nothing. A
// lock keeps the others waiting while the first makes it.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { execa } from 'execa'
import lockfile from 'proper-lockfile'
import { repoRoot } from './cli.js'
import { sourceKey } from './source-key.js'

/**
 * What the tarball and the SBOM are made of: package.json "files" (dist/ is built from src/ by the build scripts), its
 * config, the release script and the lock file (the SBOM's source).
 */
const inputs = [
  'src',
  'bin',
  'docs',
  'README.md',
  'package.json',
  'tsconfig.lib.json',
  'scripts/build.mjs',
  'scripts/esbuild-plugins.mjs',
  'scripts/release.mjs',
  'package-lock.json',
]

/** The packed release. */
export interface Packed {
  /** the tarball's path */
  tarball: string
  /** the version of package.json it holds */
  version: string
  /** the release's folder: the tarball, the SBOM, SHA256SUMS */
  dir: string
}

/** The release (tarball and SBOM) of the current sources, made now unless one of them is cached. */
export async function packedTarball(): Promise<Packed> {
  const cache = join(repoRoot, '.tmp/pack')
  const dir = join(cache, sourceKey(inputs, [process.version, npmVersion()]))
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
    // only under dist/types); the release copies it as it is, without building again
    await buildTypes()
    const building = `${dir}.building-${process.pid}`
    await execa(process.execPath, ['scripts/release.mjs', '--out', building, '--built', '--no-exe'], { cwd: repoRoot })
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
    const made: Packed = { tarball: join(dir, `agentry-${version}.tgz`), version, dir }
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

/** The version of the npm on the PATH (the one release.mjs runs), read from its package.json: no npm process. */
function npmVersion(): string {
  for (const bin of (process.env.PATH ?? '').split(delimiter)) {
    const npm = join(bin, 'npm')
    if (!existsSync(npm)) continue
    // <prefix>/bin/npm → <npm>/bin/npm-cli.js
    const pkg = join(dirname(dirname(realpathSync(npm))), 'package.json')
    return existsSync(pkg) ? (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version : npm
  }
  return 'none'
}
