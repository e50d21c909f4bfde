// `npm run release [-- --source-maps]`: what a release ships, in release/ (made anew):
// - agentry-<version>.tgz, the npm tarball (`npm pack`), without source maps (package.json's files leave them out);
// - with --source-maps: agentry-<version>-sourcemaps.tgz, dist/'s maps alone, for whoever debugs a trace;
// - agentry-<version>-linux-x64, the single executable of this machine (scripts/build-exe.mjs);
// - SHA256SUMS of them, in `sha256sum -c`'s format.
// The tarball is reproducible: npm pack fixes each entry's time and owner, and the build is deterministic, so two
// runs give the same digest. The executable embeds this machine's Node binary and a V8 code cache from a training
// run, which may differ from run to run. The other platforms' executables are built by .github/workflows/release.yml.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const root = resolve(dirname(new URL(import.meta.url).pathname), '..')
const out = join(root, 'release')
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const sourceMaps = process.argv.includes('--source-maps')
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
rmSync(out, { recursive: true, force: true })
mkdirSync(out)
// npm pack runs prepack (build and type declarations) first
run('npm', ['pack', '--silent', '--pack-destination', out])
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
run(process.execPath, [join(root, 'scripts/build-exe.mjs'), join(out, `agentry-${version}-linux-x64`)])
const artifacts = readdirSync(out)
  .filter((f) => !f.startsWith('.'))
  .sort()
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex')
const sums = artifacts.map((f) => `${sha256(join(out, f))}  ${f}\n`)
writeFileSync(join(out, 'SHA256SUMS'), sums.join(''))
process.stdout.write(sums.join(''))
