// One Node floor (issue 32 item 6, issue 33 item 17): package.json's engines, the bin's version check, the README and
// CI (the release workflow's floor job) all name the real minimum, the lowest Node that every package the build
// carries accepts (their engines.node: undici 8 asks for 22.19), and jq-wasm, read at run time. A package raising its
// floor fails this test.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { assertBuilt, cliRoot, repoRoot } from '../helpers/cli.js'

type Version = [number, number, number]
const parse = (v: string): Version => {
  const [a = 0, b = 0, c = 0] = v.replace(/^v/, '').split('.').map(Number)
  return [a, b, c]
}
const cmp = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
/** Whether `v` satisfies an engines range of the shapes packages use: `>=x`, `^x`, `x`, joined by spaces and `||`. */
function satisfies(v: Version, range: string): boolean {
  return range.split('||').some((alt) =>
    alt
      .replace(/(>=|<=|>|<|\^|~)\s+/g, '$1')
      .trim()
      .split(/\s+/)
      .every((c) => {
        const m = /^(>=|<=|>|<|\^|~)?(\d[\d.]*)$/.exec(c)
        if (!m) throw new Error(`engines range not understood: ${range}`)
        const w = parse(m[2]!)
        if (m[1] === '>=') return cmp(v, w) >= 0
        if (m[1] === '>') return cmp(v, w) > 0
        if (m[1] === '<') return cmp(v, w) < 0
        if (m[1] === '<=') return cmp(v, w) <= 0
        if (m[1] === '^') return cmp(v, w) >= 0 && v[0] === w[0]
        if (m[1] === '~') return cmp(v, w) >= 0 && v[0] === w[0] && v[1] === w[1]
        return cmp(v, w) === 0
      }),
  )
}

it('engines, the bin and the README say the floor of every package the build carries', () => {
  assertBuilt()
  const meta = JSON.parse(readFileSync(join(cliRoot, 'dist/meta.json'), 'utf8')) as { inputs: Record<string, unknown> }
  const packages = new Set(['jq-wasm'])
  for (const f of Object.keys(meta.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)
    if (m) packages.add(m[1]!)
  }
  const ranges = [...packages].flatMap((p) => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'node_modules', p, 'package.json'), 'utf8')) as {
      engines?: { node?: string }
    }
    return pkg.engines?.node ? [[p, pkg.engines.node] as const] : []
  })
  expect(ranges.map(([p]) => p)).toContain('undici')
  const own = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } }
  const floor = /^>=(\d+\.\d+)$/.exec(own.engines.node)?.[1]
  expect(floor, 'engines.node is ">=MAJOR.MINOR"').toBeDefined()
  const f = parse(floor!)
  // every package accepts the floor, and some package refuses the minor before it: the floor is the real minimum
  expect(ranges.filter(([, r]) => !satisfies(f, r))).toEqual([])
  const before: Version = [f[0], f[1] - 1, 99]
  expect(ranges.filter(([, r]) => !satisfies(before, r)).length).toBeGreaterThan(0)
  const bin = readFileSync(join(repoRoot, 'bin/agentry.cjs'), 'utf8')
  expect(bin).toContain(`(major === ${f[0]} && minor < ${f[1]})`)
  expect(bin).toContain(`install Node ${floor} or newer`)
  // CI: the release workflow installs and runs the tarball on the floor before it publishes
  const workflow = parseYaml(readFileSync(join(repoRoot, '.github/workflows/release.yml'), 'utf8')) as {
    jobs: Record<string, { needs?: string | string[]; steps: { uses?: string; with?: { 'node-version'?: unknown } }[] }>
  }
  const setupNode = workflow.jobs.floor?.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))
  expect(String(setupNode?.with?.['node-version'])).toBe(floor)
  expect(workflow.jobs.publish?.needs).toContain('floor')
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
  const named = new Set([...readme.matchAll(/Node (\d+\.\d+)\+? or newer|Node (\d+\.\d+)\+/g)].map((m) => m[1] ?? m[2]))
  expect([...named]).toEqual([floor])
})
