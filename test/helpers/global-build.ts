// vitest globalSetup: makes dist/ the build of the current source before any test file runs, so the e2e tests (which
// spawn the built CLI) can never pass against a stale build, however they are started (`npm test`, `npm run
// test:files -- test/e2e/x.test.ts`, an editor's runner). It builds when dist/ is older than any of its inputs (or
// missing), under a lock so that two test runs started together do not build over each other. Skipped when
// AGENTRY_E2E_ROOT points the e2e tests at another copy (an unpacked `npm pack`), whose dist/ is the thing under test.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import lockfile from 'proper-lockfile'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** What the build reads. */
const inputs = ['src', 'scripts/build.mjs', 'scripts/esbuild-plugins.mjs', 'package.json']
/** The last file scripts/build.mjs writes: its time is the build's. */
const lastOutput = join(repoRoot, 'dist/complete.cjs')

/** The newest modification time under `path` (a file or a directory), in ms. */
function newestMtime(path: string): number {
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = 0
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)))
  return newest
}

/** Whether dist/ is missing or older than a file the build reads. */
export function buildIsStale(): boolean {
  if (!existsSync(lastOutput)) return true
  const built = statSync(lastOutput).mtimeMs
  return inputs.some((p) => newestMtime(join(repoRoot, p)) > built)
}

/** Runs scripts/build.mjs on the pinned Node (the one running vitest) when dist/ is stale; a failed build fails the run. */
export default async function setup(): Promise<void> {
  if (process.env.AGENTRY_E2E_ROOT || !buildIsStale()) return
  mkdirSync(join(repoRoot, '.tmp'), { recursive: true })
  const release = await lockfile.lock(join(repoRoot, 'scripts/build.mjs'), {
    lockfilePath: join(repoRoot, '.tmp/build.lock'),
    retries: { retries: 240, minTimeout: 250, maxTimeout: 500 },
    stale: 60_000,
  })
  try {
    // another run may have built while this one waited for the lock
    if (buildIsStale())
      execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] })
  } finally {
    await release()
  }
}
