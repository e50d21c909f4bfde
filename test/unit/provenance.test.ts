// Every operation says where its route comes from (src/api/contract/types.ts `provenance`), and docs/api.md shows it.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { families, familyContract } from '../../src/api/contract/index.js'

const all = async () => (await Promise.all(families.map(familyContract))).flatMap((f) => Object.entries(f))

describe('provenance', () => {
  it('every operation is documented (with a source), seed (a section), inferred (a reason) or ours', async () => {
    for (const [name, op] of await all()) {
      const p = op.provenance
      expect(['documented', 'seed', 'inferred', 'ours'], name).toContain(p.kind)
      if (p.kind === 'documented' || p.kind === 'seed') expect(p.source.trim(), name).not.toBe('')
      if (p.kind === 'seed') expect(p.source, name).toMatch(/^service-interface\.md \d/)
      if (p.kind === 'inferred') expect(p.reason.trim(), name).not.toBe('')
    }
  })

  it("docs/api.md shows each operation's provenance on its line", async () => {
    const doc = readFileSync('docs/api.md', 'utf8')
    for (const [name, op] of await all()) {
      const line = doc.split('\n').find((l) => l.startsWith(`| ${op.method} | \``) && l.includes(`${op.path}\``))
      expect(line, name).toContain(`**${op.provenance.kind}**`)
    }
  })
})
