// Temp dirs for tests: each one is removed when the test that made it finishes, so a failed run leaves no litter.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'

/** A new dir under the OS temp dir, named `prefix` and random characters; removed when the current test finishes. */
export function tempDir(prefix = 'agentry-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  try {
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  } catch {
    // made outside a test (e.g. in describe): the OS cleans tmp
  }
  return dir
}
