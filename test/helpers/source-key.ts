// The key of a build cached for the process-tier tests (the single executable, the packed tarball): a hash of the
// files it is built from, so a run after any change of them builds again and a run without change reuses it.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './cli.js'

function hashInto(hash: ReturnType<typeof createHash>, path: string): void {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) hashInto(hash, join(path, name))
    return
  }
  hash.update(`${path.slice(repoRoot.length)}\0`)
  hash.update(readFileSync(path))
}

/**
 * 16 hex digits of the hash of `inputs` (paths in the repository, files or folders) and of `tools` (the versions of
 * what builds from them, when those are not in the repository).
 */
export function sourceKey(inputs: string[], tools: string[] = []): string {
  const hash = createHash('sha256')
  for (const p of inputs) hashInto(hash, join(repoRoot, p))
  for (const t of tools) hash.update(`\0${t}`)
  return hash.digest('hex').slice(0, 16)
}
