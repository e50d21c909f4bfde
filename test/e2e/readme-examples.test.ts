// Every TypeScript example of the README compiles against the library's types (issue 42 item 4: the stateful-chat
// example once took `messages` where a stateful chat takes one `message`, and a script copied from it did not
// compile). Each ```ts block becomes a module importing 'agentry' (mapped to src/index.ts) and the project's own
// compiler checks them all in one run, with the project's settings.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../helpers/cli.js'

/** The ```ts blocks of a Markdown text. */
function typeScriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '')
}

describe('README TypeScript examples', () => {
  it('each compiles against the library types', () => {
    const blocks = typeScriptBlocks(readFileSync(join(repoRoot, 'README.md'), 'utf8'))
    expect(blocks.length).toBeGreaterThanOrEqual(2)
    const dir = mkdtempSync(join(tmpdir(), 'agentry-readme-'))
    try {
      const files = blocks.map((code, i) => {
        const file = join(dir, `example-${i + 1}.mts`)
        writeFileSync(file, `${code}\nexport {}\n`)
        return file
      })
      const config = {
        extends: join(repoRoot, 'tsconfig.json'),
        compilerOptions: {
          paths: { agentry: [join(repoRoot, 'src/index.ts')] },
          typeRoots: [join(repoRoot, 'node_modules/@types')],
          noUnusedLocals: false,
        },
        // the project's own declarations of untyped modules (src/types) come along with src/index.ts's graph
        files: [...files, ...readdirSync(join(repoRoot, 'src/types')).map((f) => join(repoRoot, 'src/types', f))],
        include: [],
      }
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config))
      const tsc = join(repoRoot, 'node_modules/.bin/tsc')
      let output = ''
      try {
        execFileSync(tsc, ['-p', join(dir, 'tsconfig.json'), '--noEmit', '--singleThreaded'], { encoding: 'utf8' })
      } catch (err) {
        output = String((err as { stdout?: string }).stdout ?? err)
      }
      expect(output).toBe('')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
