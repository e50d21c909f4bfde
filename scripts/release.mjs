// `npm run release [-- --source-maps]`: what a release ships, in release/ (made anew):
// - agentry-<version>.tgz, the npm tarball (`npm pack`), without source maps (package.json's files leave them out)
//   and without the `//# sourceMappingURL=` comments that would point at them;
// - with --source-maps: agentry-<version>-sourcemaps.tgz, the build's maps alone, for whoever debugs a trace;
// - agentry-<version>-linux-x64, the single executable of this machine (scripts/build-exe.mjs);
// - agentry-<version>.cdx.json, a CycloneDX 1.6 SBOM (npm's own `npm sbom`, from package-lock.json, made
//   reproducible) of what ships: the packages the build bundles into dist/ (dist/meta.json) and the tarball's
//   dependencies, with their versions;
// - SHA256SUMS of them, in `sha256sum -c`'s format.
// It builds in its own folder (<out>/.build/package: bin/, dist/, docs/, README.md, package.json), never in the
// repository's dist/, which the tests run: a release beside a running `npm test` changes nothing under it. The time
// of each step is printed at the end.
// `--out <dir>` writes there instead of release/; `--exe <path>` takes an executable already built from these sources
// (hard-linked where it can be, else copied) instead of building one, `--no-exe` leaves the executable out (the npm
// tarball and the SBOM alone: the packaging tests' tarball, test/helpers/packed.ts), and `--built` packs the
// repository's dist/ as it is (copied, its source maps only with --source-maps; its declarations built unless it has
// them), without building again (the tests and the release workflow, which have built it already).
// The tarball is reproducible: npm pack fixes each entry's time and owner, and the build is deterministic, so two
// runs give the same digest. The executable embeds this machine's Node binary and a V8 code cache from a training
// run, which may differ from run to run. The other platforms' executables are built by .github/workflows/release.yml.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'

const root = resolve(dirname(new URL(import.meta.url).pathname), '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const { version } = pkg
const option = (name) => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}
const builtExe = option('--exe')
const noExe = process.argv.includes('--no-exe')
const out = resolve(option('--out') ?? join(root, 'release'))
const sourceMaps = process.argv.includes('--source-maps')
const built = process.argv.includes('--built')
const work = join(out, '.build')
const stage = join(work, 'package') // the package as npm packs it
const dist = join(stage, 'dist')

const started = performance.now()
const times = []
/** Runs a step, and keeps its time for the summary. */
const step = async (name, f) => {
  const t = performance.now()
  const result = await f()
  times.push(`${name} ${((performance.now() - t) / 1000).toFixed(1)} s`)
  return result
}
const run = async (cmd, args, options = {}) =>
  (await promisify(execFile)(cmd, args, { cwd: root, maxBuffer: 256 * 1024 * 1024, ...options })).stdout

rmSync(out, { recursive: true, force: true })
mkdirSync(stage, { recursive: true })
for (const f of ['package.json', 'README.md']) copyFileSync(join(root, f), join(stage, f))
for (const d of ['bin', 'docs']) cpSync(join(root, d), join(stage, d), { recursive: true })
const copied = (src) => sourceMaps || !src.endsWith('.map') // the maps ship only as their own artifact
if (built) await step('copy of dist/', () => cpSync(join(root, 'dist'), dist, { recursive: true, filter: copied }))
else await step('build', () => run(process.execPath, ['scripts/build.mjs', '--outdir', dist]))
// The tarball ships no source map and no comment pointing at one (the maps, asked for, are an artifact of their own):
// the comments go before anything reads dist/ (the executable has no use of them either).
const maps = readdirSync(dist, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.map'))
  .sort()
await step('map comments', () => stripMapComments(dist))
// Then, side by side (each mostly waits on its own processes): the executable, the SBOM, and the declarations then
// the tarball (npm pack, and the maps' tar beside it), which so no longer waits for the executable.
const tsc = join(root, 'node_modules/.bin/tsc')
await Promise.all([
  noExe
    ? undefined
    : step('executable', () => {
        const exe = join(out, `agentry-${version}-linux-x64`)
        if (builtExe) return linkOrCopy(builtExe, exe)
        return run(process.execPath, [join(root, 'scripts/build-exe.mjs'), exe, '--from', stage])
      }),
  step('sbom', async () => writeSbom(join(out, `agentry-${version}.cdx.json`))),
  (async () => {
    // (a dist/ built by `npm run build` alone has none: they are built here then)
    if (!built || !existsSync(join(dist, 'types')))
      await step('declarations', () => run(tsc, ['-p', 'tsconfig.lib.json', '--outDir', join(dist, 'types')]))
    const tar = ['--sort=name', '--mtime=1985-10-26 08:15:00Z', '--owner=0', '--group=0', '--numeric-owner']
    await step('tarball', () =>
      Promise.all([
        // the package's scripts ran already (prepack's build is the build above)
        run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', out], { cwd: stage }),
        sourceMaps && run('tar', [...tar, '-czf', join(out, `agentry-${version}-sourcemaps.tgz`), '-C', dist, ...maps]),
      ]),
    )
  })(),
])
rmSync(work, { recursive: true, force: true })
const artifacts = readdirSync(out)
  .filter((f) => !f.startsWith('.'))
  .sort()
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex')
const sums = artifacts.map((f) => `${sha256(join(out, f))}  ${f}\n`)
writeFileSync(join(out, 'SHA256SUMS'), sums.join(''))
process.stdout.write(sums.join(''))
const total = ((performance.now() - started) / 1000).toFixed(1)
process.stderr.write(`release: ${out} in ${total} s (${times.join(', ')})\n`)

/** A hard link to `from` at `to` (no second copy of ~115 MiB), or a copy where no link can be made (another file system). */
function linkOrCopy(from, to) {
  try {
    linkSync(from, to)
  } catch {
    copyFileSync(from, to)
  }
}

/** Removes the last-line `//# sourceMappingURL=` comment of every JavaScript file under dir: the maps do not ship. */
function stripMapComments(dir) {
  for (const f of readdirSync(dir, { recursive: true }).map(String)) {
    if (!/\.[cm]?js$/.test(f)) continue
    const file = join(dir, f)
    const code = readFileSync(file, 'utf8')
    const stripped = code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')
    if (stripped !== code) writeFileSync(file, stripped)
  }
}

/**
 * The SBOM: npm's CycloneDX of the tree package-lock.json describes (`npm sbom --package-lock-only`: no node_modules
 * read, nothing installed or compiled), kept to the packages that ship: those the build bundles (their node_modules
 * paths in dist/meta.json, nested copies included) and the tarball's own dependencies. npm writes CycloneDX 1.5,
 * which 1.6 contains unchanged: it is labelled 1.6. Reproducible: no serial number or time stamp (both optional).
 */
async function writeSbom(file) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages
  const meta = JSON.parse(readFileSync(join(dist, 'meta.json'), 'utf8'))
  const paths = new Set(Object.keys(pkg.dependencies ?? {}).map((d) => `node_modules/${d}`))
  for (const f of Object.keys(meta.inputs)) {
    const m = /^(?:.*\/)?(node_modules\/(?:(?:@[^/]+\/)?[^/]+\/node_modules\/)*(?:@[^/]+\/)?[^/]+)\//.exec(f)
    if (m) paths.add(m[1])
  }
  // npm names a component `<name>@<version>`, an alias by the package's own name
  const shipped = new Set(
    [...paths].map((p) => `${lock[p]?.name ?? p.replace(/^.*node_modules\//, '')}@${lock[p]?.version}`),
  )
  const json = await run('npm', ['sbom', '--sbom-format', 'cyclonedx', '--package-lock-only'])
  const bom = JSON.parse(json)
  bom.$schema = 'http://cyclonedx.org/schema/bom-1.6.schema.json'
  bom.specVersion = '1.6'
  delete bom.serialNumber
  delete bom.metadata.timestamp
  bom.metadata.component.name = pkg.name // npm names it after the folder
  // what ships is required by the package, whether npm installs it (a dependency) or the build bundles it
  bom.components = bom.components
    .filter((c) => shipped.has(c['bom-ref']))
    .map((c) => ({
      ...c,
      scope: 'required',
      properties: (c.properties ?? []).filter((p) => p.name !== 'cdx:npm:package:development'),
    }))
  const refs = new Set([bom.metadata.component['bom-ref'], ...bom.components.map((c) => c['bom-ref'])])
  bom.dependencies = (bom.dependencies ?? [])
    .filter((d) => refs.has(d.ref))
    .map((d) => ({ ...d, dependsOn: (d.dependsOn ?? []).filter((r) => refs.has(r)) }))
  writeFileSync(file, `${JSON.stringify(bom, null, 2)}\n`)
}
