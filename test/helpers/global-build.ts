// vitest globalSetup: builds dist/ from the current source before any test file runs, so the e2e tests (which spawn
// the built CLI) can never pass against a stale build, however they are started (`npm test`, `npm run test:files --
// test/e2e/x.test.ts`, an editor's runner). Skipped when AGENTRY_E2E_ROOT points the e2e tests at another copy
// (an unpacked `npm pack`), whose dist/ is the thing under test.
import { execFileSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Runs scripts/build.mjs on the pinned Node (the one running vitest); a failed build fails the run. */
export default function setup(): void {
  if (process.env.AGENTRY_E2E_ROOT) return
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] })
}
