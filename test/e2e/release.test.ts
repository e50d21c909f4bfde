// `npm run release` (scripts/release.mjs), run into .tmp/ with --source-maps, with the executable the process tests
// already build (hard-linked, not built again) and the suite's dist/ (copied into the release's own folder, not built
// again): no source maps in the tarball and no comment pointing at one, the maps as an artifact of their own (maps
// alone), SHA256SUMS verifies with `sha256sum -c` (the executable's line against its digest computed once per build:
// test/helpers/executable.ts), the CycloneDX 1.6 SBOM names the packages that ship, and the suite's
// dist/ is left as it was. Reproducible: the tarball and the SBOM have the digests of another run of the release, the
// one without the executable and without --source-maps that the packaging tests install (test/helpers/packed.ts,
// made in another process, in this run or an earlier one of the same sources, Node and npm), which lists no maps.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { repoRoot } from '../helpers/cli.js'
import { executableSha256, singleExecutable } from '../helpers/executable.js'
import { packedTarball } from '../helpers/packed.js'

const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
const out = join(repoRoot, '.tmp/release')
afterAll(() => rmSync(out, { recursive: true, force: true }))

it('writes a verifiable, reproducible release with an SBOM of what ships', { timeout: 240_000 }, async () => {
  // dist/ is the suite's build; its declarations are built once, under the packaging tests' lock (packed.ts); the
  // pack first: on a clean clone it is made while another file builds the executable
  const packed = await packedTarball()
  const exe = await singleExecutable()
  const distBefore = statSync(join(repoRoot, 'dist/cli.js')).mtimeMs
  const sums = execFileSync(
    process.execPath,
    ['scripts/release.mjs', '--out', out, '--exe', exe, '--built', '--source-maps'],
    { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const maps = `agentry-${version}-sourcemaps.tgz`
  const names = sums
    .trim()
    .split('\n')
    .map((l) => l.split(/\s+/)[1])
  expect(names).toEqual([`agentry-${version}-linux-x64`, maps, `agentry-${version}.cdx.json`, `agentry-${version}.tgz`])
  // `sha256sum -c` verifies the file's lines; the executable's (~115 MiB, hashed by release.mjs already) against the
  // digest computed once per build of it (setup-action's release lists it too), not hashed a third time
  const exeLine = sums.split('\n')[0]!
  expect(exeLine).toBe(`${await executableSha256(exe)}  ${names[0]}`)
  const verified = execFileSync('sha256sum', ['-c', '-'], {
    cwd: out,
    encoding: 'utf8',
    input: readFileSync(join(out, 'SHA256SUMS'), 'utf8').replace(`${exeLine}\n`, ''),
  })
  expect(verified.trim().split('\n')).toEqual(names.slice(1).map((n) => `${n}: OK`))
  // the same tarball and SBOM as the release without --source-maps and without the executable, which has no maps
  const other = readFileSync(join(packed.dir, 'SHA256SUMS'), 'utf8')
  const tgz = (s: string) => s.split('\n').filter((l) => /\d\.(tgz|cdx\.json)$/.test(l))
  expect(other.trim().split('\n')).toEqual(tgz(sums))
  expect(tgz(sums)).toHaveLength(2)
  const entries = execFileSync('tar', ['-tzf', `agentry-${version}.tgz`], { cwd: out, encoding: 'utf8' }).split('\n')
  expect(entries).toContain('package/dist/index.js')
  expect(entries.filter((e) => e.endsWith('.map'))).toEqual([])
  const unpacked = join(out, 'unpacked')
  mkdirSync(unpacked)
  execFileSync('tar', ['-xzf', `agentry-${version}.tgz`, '-C', unpacked], { cwd: out })
  const js = readdirSync(join(unpacked, 'package'), { recursive: true })
    .map(String)
    .filter((f) => /\.[cm]?js$/.test(f))
  expect(js.length).toBeGreaterThan(100)
  const pointing = js.filter((f) => readFileSync(join(unpacked, 'package', f), 'utf8').includes('sourceMappingURL'))
  expect(pointing).toEqual([])
  rmSync(unpacked, { recursive: true })
  const mapEntries = execFileSync('tar', ['-tzf', maps], { cwd: out, encoding: 'utf8' }).trim().split('\n')
  expect(mapEntries).toContain('cli.js.map')
  expect(mapEntries.filter((e) => !e.endsWith('.map') && !e.endsWith('/'))).toEqual([])
  const bom = JSON.parse(readFileSync(join(out, `agentry-${version}.cdx.json`), 'utf8')) as {
    bomFormat: string
    specVersion: string
    components: { name: string; group?: string; version: string }[]
  }
  expect(bom.bomFormat).toBe('CycloneDX')
  expect(bom.specVersion).toBe('1.6')
  const shipped = bom.components.map((c) => (c.group ? `${c.group}/${c.name}` : c.name))
  // the tarball's dependencies and packages bundled into dist/; nothing only the tests or the build use
  expect(shipped).toEqual(expect.arrayContaining(['undici', 'zod', 'jq-wasm', 'commander', 'chalk']))
  for (const devOnly of ['vitest', 'esbuild', 'typescript', 'execa']) expect(shipped).not.toContain(devOnly)
  const undici = JSON.parse(readFileSync(join(repoRoot, 'node_modules/undici/package.json'), 'utf8')) as {
    version: string
  }
  expect(bom.components.find((c) => c.name === 'undici')?.version).toBe(undici.version)
  expect(statSync(join(repoRoot, 'dist/cli.js')).mtimeMs).toBe(distBefore)
})
