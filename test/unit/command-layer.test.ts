// src/commands/ holds declarations and printing only (issue 19 item 3): what a command does lives in a domain module
// (src/scenario/, src/webhook-trigger/, src/auth-flows/, src/cms-bulk/, src/chat/…) that the MCP server uses too. So nothing
// outside src/commands imports from it but the CLI entry (src/cli.ts, and the two ways it reads a line: the direct run,
// src/direct-run.ts, and commander's program, src/program.ts: the manifest, define.ts, the completion tree) and the
// base-core chunk list (src/core-chunk.ts), and no command group imports another group; the shared
// command-layer helpers directly in src/commands (define.ts, options.ts, list-options.ts, print-run.ts…) are for
// every group. Read from the sources, so type-only and dynamic imports count too.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliRoot } from '../helpers/cli.js'

/** The files outside src/commands allowed to import from it. */
const entryFiles = new Set(['src/cli.ts', 'src/direct-run.ts', 'src/program.ts', 'src/core-chunk.ts'])

/** Every relative module a source imports (static, type-only, side-effect, dynamic, re-export), as src/ paths. */
function importsOf(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!)
  return specs.map((s) => relative('.', resolve(dirname(file), s)).replace(/\.js$/, '.ts'))
}

/** The group a src/commands path belongs to (`scenario` for src/commands/scenario/run.ts), or undefined. */
function groupOf(path: string): string | undefined {
  const parts = path.split('/')
  if (parts[0] !== 'src' || parts[1] !== 'commands') return undefined
  return parts.length > 3 ? parts[2] : undefined
}

/** The imports that break the rule, as `importer -> imported`. */
function layerViolations(sources: Map<string, string>): string[] {
  const out: string[] = []
  for (const [file, text] of sources)
    for (const target of importsOf(file, text)) {
      if (!target.startsWith('src/commands/')) continue
      if (!file.startsWith('src/commands/')) {
        if (!entryFiles.has(file)) out.push(`${file} -> ${target}`)
        continue
      }
      const from = groupOf(file)
      const to = groupOf(target)
      if (to === undefined || to === from) continue // a shared helper, or its own group
      if (file === 'src/commands/manifest.ts') continue // the manifest loads every group
      out.push(`${file} -> ${target}`)
    }
  return out
}

function sourcesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const entry of readdirSync(join(cliRoot, dir), { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts')) continue
    const path = join(dir, entry)
    out.set(path, readFileSync(join(cliRoot, path), 'utf8'))
  }
  return out
}

describe('the command layer', () => {
  it('src/: only the CLI entry imports src/commands, and no command group imports another', () => {
    const sources = sourcesUnder('src')
    expect(sources.size).toBeGreaterThan(300)
    expect(sources.has('src/commands/scenario/run.ts')).toBe(true)
    expect(layerViolations(sources)).toEqual([])
  })

  it('finds a domain module, the MCP server or another group importing a command file, in any import form', () => {
    const sources = new Map([
      ['src/mcp/tools/account.ts', "import { explain } from '../../commands/scenario/run.js'"],
      ['src/scenario/signing.ts', "import type { OptionSpec } from '../commands/options.js'"],
      ['src/commands/webhook/test.ts', "const { printRun } = await import('../scenario/run-view.js')"],
      ['src/commands/oauth/index.ts', "export { default } from '../login/index.js'"],
      // allowed: a shared helper, the group's own files, the manifest, the CLI entry
      ['src/commands/agents/get.ts', "import { arg } from '../define.js'\nimport f from './fields.js'"],
      ['src/commands/manifest.ts', "load: () => import('./agents/index.js')"],
      ['src/cli.ts', "import { groups } from './commands/manifest.js'"],
    ])
    expect(layerViolations(sources)).toEqual([
      'src/mcp/tools/account.ts -> src/commands/scenario/run.ts',
      'src/scenario/signing.ts -> src/commands/options.ts',
      'src/commands/webhook/test.ts -> src/commands/scenario/run-view.ts',
      'src/commands/oauth/index.ts -> src/commands/login/index.ts',
    ])
  })

  it('src/commands/ calls the service through the library: no ctx.http() but for a URL the user gives', () => {
    expect(rawHttpCalls(sourcesUnder('src/commands'))).toEqual([])
    const sources = new Map([
      ['src/commands/files/get.ts', 'const http = await ctx.http()\nawait http.send({ method: "GET", url })'],
      ['src/commands/x/probe.ts', "const h = await ctx.http() // the user's URL: `x probe <url>`"],
    ])
    expect(rawHttpCalls(sources)).toEqual(['src/commands/files/get.ts:1'])
  })
})

/**
 * The lines of src/commands that take the run's bare HTTP client (retries, paging, checks and errors by hand, beside
 * the library's); one for a URL the user gave (not a route of the service) says so: `// the user's URL`.
 */
function rawHttpCalls(sources: Map<string, string>): string[] {
  const out: string[] = []
  for (const [file, text] of sources)
    for (const [i, line] of text.split('\n').entries())
      if (/\.http\(\)/.test(line) && !line.includes("// the user's URL")) out.push(`${file}:${i + 1}`)
  return out
}
