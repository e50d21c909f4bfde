// The e2e tests spawn dist/: it must be the current source's build. vitest's globalSetup (test/helpers/global-build.ts)
// builds it before any file runs when it is older than its inputs; this checks that it is not.
import { expect, it } from 'vitest'
import { cliRoot, repoRoot } from '../helpers/cli.js'
import { buildIsStale } from '../helpers/global-build.js'

it.skipIf(cliRoot !== repoRoot)(
  'runs against a dist/ built after the last change to src/, the build script or package.json',
  () => {
    expect(buildIsStale()).toBe(false)
  },
)
