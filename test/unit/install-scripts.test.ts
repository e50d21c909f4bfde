// `npm ci` runs no compiler and downloads no binary beyond what esbuild and the pinned Node need: package-lock.json
// names each package that has an install script (`hasInstallScript`), and every one of them is on the list below
// with its reason. A package that compiles at install (node-gyp, prebuild-install) makes a fresh clone's install take
// minutes, and fails in the log of a machine without a C++ toolchain; pick a pure-JavaScript one instead.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../helpers/cli.js'

/** The packages whose install script runs at `npm ci`, and why each may (package.json's allowScripts agrees). */
const allowed: Record<string, string> = {
  esbuild:
    "the build's bundler: its script links the one platform binary npm already chose among its optional packages",
  node: 'the pinned Node of the npm scripts: its script links the binary of its optional platform package',
}

type Lock = { packages: Record<string, { hasInstallScript?: boolean }> }

/** The packages of a lockfile with an install script that `allowed` does not name (nested copies by their name). */
function unexpectedInstallScripts(lock: Lock): string[] {
  return Object.entries(lock.packages)
    .filter(([, p]) => p.hasInstallScript)
    .map(([path]) => path.replace(/^.*node_modules\//, ''))
    .filter((name) => !(name in allowed))
}

describe('install scripts', () => {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as Lock

  it('are only those of the short list, each with its reason', () => {
    expect(unexpectedInstallScripts(lock)).toEqual([])
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { allowScripts: object }
    expect(Object.keys(pkg.allowScripts).sort()).toEqual(Object.keys(allowed).sort())
  })

  it('names a package added with a native build', () => {
    const added: Lock = {
      packages: {
        ...lock.packages,
        'node_modules/libxmljs2': { hasInstallScript: true },
        'node_modules/a/node_modules/esbuild': { hasInstallScript: true },
      },
    }
    expect(unexpectedInstallScripts(added)).toEqual(['libxmljs2'])
  })
})
