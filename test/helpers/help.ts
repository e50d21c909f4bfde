// Each group's test file checks that its commands' help ends with examples (ARCHITECTURE.md "Commands": every
// command has a description and examples in its help); test/commands/help.test.ts walks every command as well.
import { expect, it } from 'vitest'
import { testContext } from './test-context.js'

/** One test a command path: `--help` exits 0, nothing goes to stderr, and stdout matches `examples`. */
export function itShowsExamples(paths: string[][], examples = /\nExamples:\n {2}agentry /): void {
  for (const path of paths)
    it(`${path.join(' ')} --help shows examples`, async () => {
      const t = testContext()
      expect(await t.run([...path, '--help'])).toBe(0)
      expect(t.stdout()).toMatch(examples)
      expect(t.stderr()).toBe('')
    })
}
