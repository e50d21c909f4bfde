// The sequencer's guesses for a clean clone (test/helpers/slow-first-sequencer.ts) name files that exist: a renamed or
// deleted file would otherwise lose its place silently and start last.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { repoRoot } from '../helpers/cli.js'
import { knownSlow } from '../helpers/slow-first-sequencer.js'

it('every file the sequencer knows as slow exists', () => {
  expect(knownSlow.size).toBeGreaterThan(20)
  expect([...knownSlow.keys()].filter((f) => !existsSync(join(repoRoot, f)))).toEqual([])
})
