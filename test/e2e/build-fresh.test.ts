// The e2e tests spawn dist/: it must be the current source's build. vitest's globalSetup (test/helpers/global-build.ts)
// builds it before any file runs; this checks that it did — dist/cli.js is newer than every file under src/.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { cliRoot, repoRoot } from '../helpers/cli.js'

function newest(dir: string): { file: string; mtimeMs: number } {
  let best = { file: dir, mtimeMs: 0 }
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name)
    const found = e.isDirectory() ? newest(path) : { file: path, mtimeMs: statSync(path).mtimeMs }
    if (found.mtimeMs > best.mtimeMs) best = found
  }
  return best
}

it.skipIf(cliRoot !== repoRoot)('runs against a dist/ built after the last change to src/', () => {
  const built = statSync(join(repoRoot, 'dist/cli.js')).mtimeMs
  const source = newest(join(repoRoot, 'src'))
  expect(built, `${source.file} changed after dist/ was built`).toBeGreaterThanOrEqual(source.mtimeMs)
})
