// `npm run release` (scripts/release.mjs), run twice into .tmp/ with the executable the process tests already build
// (copied, not built again) and the suite's dist/ (copied into the release's own folder, not built again): no source
// maps in the tarball and no comment pointing at one, SHA256SUMS verifies with `sha256sum -c`, the CycloneDX 1.6
// SBOM names the packages that ship, both runs give the same tarball digest, and the suite's dist/ is left as it was.
// The second run asks for the source maps: a separate artifact (maps alone, listed in SHA256SUMS), the tarball
// unchanged.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { repoRoot } from '../helpers/cli.js'
import { singleExecutable } from '../helpers/executable.js'
import { packedTarball } from '../helpers/packed.js'

const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
const dirs = [join(repoRoot, '.tmp/release-a'), join(repoRoot, '.tmp/release-b')]
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
let exe = ''
const release = (out: string, ...more: string[]) =>
  execFileSync(process.execPath, ['scripts/release.mjs', '--out', out, '--exe', exe, '--built', ...more], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })

it('writes a verifiable, reproducible release with an SBOM of what ships', { timeout: 240_000 }, async () => {
  // dist/ is the suite's build; its declarations are built once, under the packaging tests' lock (packed.ts)
  exe = await singleExecutable()
  await packedTarball()
  const [a, b] = dirs as [string, string]
  const distBefore = statSync(join(repoRoot, 'dist/cli.js')).mtimeMs
  const sums = release(a)
  const names = sums
    .trim()
    .split('\n')
    .map((l) => l.split(/\s+/)[1])
  expect(names).toEqual([`agentry-${version}-linux-x64`, `agentry-${version}.cdx.json`, `agentry-${version}.tgz`])
  expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: a, encoding: 'utf8' })).toMatch(/\.tgz: OK/)
  const entries = execFileSync('tar', ['-tzf', `agentry-${version}.tgz`], { cwd: a, encoding: 'utf8' }).split('\n')
  expect(entries).toContain('package/dist/index.js')
  expect(entries.filter((e) => e.endsWith('.map'))).toEqual([])
  const unpacked = join(a, 'unpacked')
  mkdirSync(unpacked)
  execFileSync('tar', ['-xzf', `agentry-${version}.tgz`, '-C', unpacked], { cwd: a })
  const js = readdirSync(join(unpacked, 'package'), { recursive: true })
    .map(String)
    .filter((f) => /\.[cm]?js$/.test(f))
  expect(js.length).toBeGreaterThan(100)
  const pointing = js.filter((f) => readFileSync(join(unpacked, 'package', f), 'utf8').includes('sourceMappingURL'))
  expect(pointing).toEqual([])
  rmSync(unpacked, { recursive: true })
  const bom = JSON.parse(readFileSync(join(a, `agentry-${version}.cdx.json`), 'utf8')) as {
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
  const tgz = (s: string) => s.split('\n').filter((l) => /\d\.(tgz|cdx\.json)$/.test(l))
  const withMaps = release(b, '--source-maps')
  expect(tgz(withMaps)).toEqual(tgz(sums))
  const maps = `agentry-${version}-sourcemaps.tgz`
  expect(withMaps).toContain(`  ${maps}\n`)
  expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: b, encoding: 'utf8' })).toContain(`${maps}: OK`)
  const mapEntries = execFileSync('tar', ['-tzf', maps], { cwd: b, encoding: 'utf8' }).trim().split('\n')
  expect(mapEntries).toContain('cli.js.map')
  expect(mapEntries.filter((e) => !e.endsWith('.map') && !e.endsWith('/'))).toEqual([])
  expect(statSync(join(repoRoot, 'dist/cli.js')).mtimeMs).toBe(distBefore)
})
