// `npm run release [-- --source-maps]`: what a release ships, in release/ (made anew):
// - agentry-<version>.tgz, the npm tarball (`npm pack`), without source maps (package.json's files leave them out);
// - with --source-maps: agentry-<version>-sourcemaps.tgz, dist/'s maps alone, for whoever debugs a trace;
// - agentry-<version>-linux-x64, the single executable of this machine (scripts/build-exe.mjs);
// - agentry-<version>.cdx.json, a CycloneDX SBOM (@cyclonedx/cyclonedx-npm, reproducible) of what ships: the
//   packages the build bundles into dist/ (dist/meta.json) and the tarball's dependencies, with their versions;
// - SHA256SUMS of them, in `sha256sum -c`'s format.
// `--out <dir>` writes there instead of release/; `--exe <path>` copies an executable already built from these sources
// instead of building one, and `--built` packs dist/ as it is, without prepack's rebuild (the tests: other test files
// run the dist/ that a rebuild would replace under them).
// The tarball is reproducible: npm pack fixes each entry's time and owner, and the build is deterministic, so two
// runs give the same digest. The executable embeds this machine's Node binary and a V8 code cache from a training
// run, which may differ from run to run. The other platforms' executables are built by .github/workflows/release.yml.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const root = resolve(dirname(new URL(import.meta.url).pathname), '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const { version } = pkg
const exeAt = process.argv.indexOf('--exe')
const builtExe = exeAt > 0 ? process.argv[exeAt + 1] : undefined
const outAt = process.argv.indexOf('--out')
const out = outAt > 0 ? resolve(process.argv[outAt + 1]) : join(root, 'release')
const sourceMaps = process.argv.includes('--source-maps')
const built = process.argv.includes('--built')
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
rmSync(out, { recursive: true, force: true })
mkdirSync(out)
// npm pack runs prepack (build and type declarations) first, unless they are built already
run('npm', ['pack', '--silent', ...(built ? ['--ignore-scripts'] : []), '--pack-destination', out])
if (sourceMaps) {
  const maps = readdirSync(join(root, 'dist'), { recursive: true })
    .filter((f) => String(f).endsWith('.map'))
    .sort()
  run('tar', [
    '--sort=name',
    '--mtime=1985-10-26 08:15:00Z',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '-czf',
    join(out, `agentry-${version}-sourcemaps.tgz`),
    '-C',
    join(root, 'dist'),
    ...maps.map(String),
  ])
}
const exe = join(out, `agentry-${version}-linux-x64`)
if (builtExe) copyFileSync(builtExe, exe)
else run(process.execPath, [join(root, 'scripts/build-exe.mjs'), exe])
writeSbom(join(out, `agentry-${version}.cdx.json`))
const artifacts = readdirSync(out)
  .filter((f) => !f.startsWith('.'))
  .sort()
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex')
const sums = artifacts.map((f) => `${sha256(join(out, f))}  ${f}\n`)
writeFileSync(join(out, 'SHA256SUMS'), sums.join(''))
process.stdout.write(sums.join(''))

/** The SBOM: cyclonedx-npm's of the whole installed tree, kept to the packages that ship: those the build bundles
 * (their node_modules paths in dist/meta.json, nested copies included) and the tarball's own dependencies. */
function writeSbom(file) {
  const meta = JSON.parse(readFileSync(join(root, 'dist/meta.json'), 'utf8'))
  const shipped = new Set(Object.keys(pkg.dependencies ?? {}).map((d) => `node_modules/${d}`))
  for (const f of Object.keys(meta.inputs)) {
    const m = /^(?:.*\/)?(node_modules\/(?:(?:@[^/]+\/)?[^/]+\/node_modules\/)*(?:@[^/]+\/)?[^/]+)\//.exec(f)
    if (m) shipped.add(m[1])
  }
  const bin = join(root, 'node_modules/.bin/cyclonedx-npm')
  const json = execFileSync(
    bin,
    ['--flatten-components', '--output-reproducible', '--spec-version', '1.6', '-o', '-'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    },
  )
  const bom = JSON.parse(String(json))
  const pathOf = (c) => c.properties?.find((p) => p.name === 'cdx:npm:package:path')?.value
  bom.components = bom.components.filter((c) => shipped.has(pathOf(c)))
  const refs = new Set([bom.metadata.component['bom-ref'], ...bom.components.map((c) => c['bom-ref'])])
  bom.dependencies = (bom.dependencies ?? [])
    .filter((d) => refs.has(d.ref))
    .map((d) => ({ ...d, dependsOn: (d.dependsOn ?? []).filter((r) => refs.has(r)) }))
  writeFileSync(file, `${JSON.stringify(bom, null, 2)}\n`)
}
