// The top-level command list (`agentry --help`, "did you mean") must not load any group, so src/commands/manifest.ts
// cannot import the groups' declarations; their summary, aliases and hidden flag are copied into
// src/commands/manifest.gen.ts by `npm run gen` (scripts/gen/commands.ts; test/unit/generated.test.ts fails when it is
// stale). Here: the copy is written the way biome would write it.
import { describe, expect, it } from 'vitest'
import { manifestText } from '../../scripts/gen/commands.js'

describe('the top-level manifest', () => {
  it('lists each group as declared: a changed summary is a changed manifest', () => {
    const text = manifestText([
      { name: 'agents', aliases: ['agent'], summary: 'List agents, show one' },
      { name: '__complete', summary: "completion's candidates", hidden: true },
    ])
    expect(text).toContain("  agents: {\n    aliases: ['agent'],\n    summary: 'List agents, show one',\n  },\n")
    expect(text).toContain(`  __complete: {\n    summary: "completion's candidates",\n    hidden: true,\n  },\n`)
    expect(text).not.toBe(manifestText([{ name: 'agents', aliases: ['agent'], summary: 'List the agents' }]))
  })
})
