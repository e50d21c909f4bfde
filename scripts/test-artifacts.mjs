// The process tests' build artifacts, made by `npm test` beside its typecheck and lint, before vitest starts: the
// packed release (test/helpers/packed.ts: declarations, npm tarball, SBOM) and the single executable
// (test/helpers/executable.ts). Both are build steps the packaging tests check, not tests; the type-check and the lint
// are single-threaded, so on two cores they leave a core mostly idle, and the ~11 s of CPU these take fits there instead
// of being spent while the test files run. Each is cached under .tmp/ by a hash of its sources, so the tests find them
// made (or make them themselves, as before, when run without `npm test`: `vitest run`, an editor's runner).
// The helpers are the one place that knows how each is made and keyed; Node 24 runs their TypeScript as it is, and the
// hook below maps their `./x.js` imports to the `./x.ts` files vitest would have resolved.
import { existsSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL)
      if (existsSync(fileURLToPath(ts))) return next(ts.href, context)
    }
    return next(specifier, context)
  },
})

const started = performance.now()
const [{ packedTarball }, { singleExecutable }] = await Promise.all([
  import('../test/helpers/packed.ts'),
  import('../test/helpers/executable.ts'),
])
await Promise.all([packedTarball(), singleExecutable()])
console.error(
  `test artifacts (release tarball, single executable) ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
