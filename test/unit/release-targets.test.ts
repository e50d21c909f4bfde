// The release's platforms are said in two places that must agree: the workflow's build matrix
// (.github/workflows/release.yml) and the setup action's choice of executable by runner (action/install.sh).
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { parse } from 'yaml'

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')

it('the setup action picks exactly the targets the release workflow builds', () => {
  const workflow = parse(read('.github/workflows/release.yml')) as {
    jobs: { build: { strategy: { matrix: { include: { target: string }[] } } } }
  }
  const built = workflow.jobs.build.strategy.matrix.include.map((m) => m.target).sort()
  const picked = [...read('action/install.sh').matchAll(/^\s+\w+-\w+\) platform=([\w-]+)/gm)].map((m) => m[1]).sort()
  expect(built).toEqual(['linux-arm64', 'linux-x64', 'macos-arm64', 'windows-x64'])
  expect(picked).toEqual(built)
})
