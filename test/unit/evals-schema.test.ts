// The test file's JSON Schema (docs/agent-tests.schema.json) is generated from the zod schema, never written by hand:
// this fails when the shipped file is stale (`npm run test:files -- test/unit/evals-schema.test.ts -u` rewrites it).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { assertionTypes, testFileJsonSchema, testFileSchema } from '../../src/evals/schema.js'

const docs = join(import.meta.dirname, '..', '..', 'docs')

describe('the test file schema', () => {
  it('docs/agent-tests.schema.json is the JSON Schema of the zod schema', async () => {
    await expect(`${JSON.stringify(testFileJsonSchema(), null, 2)}\n`).toMatchFileSnapshot(
      join(docs, 'agent-tests.schema.json'),
    )
  })

  it('names every assertion type, each with its description', () => {
    const schema = JSON.parse(readFileSync(join(docs, 'agent-tests.schema.json'), 'utf8'))
    const text = JSON.stringify(schema)
    for (const type of assertionTypes) expect(text).toContain(`"const":"${type}"`)
    expect(assertionTypes).toContain('judge')
    expect(assertionTypes).toContain('tool-call')
    // written once ($defs.assertion), every kind with what it checks, and the members with theirs (an editor shows them)
    const kinds: { description?: string; properties: { type: { const: string } } }[] = schema.$defs.assertion.oneOf
    expect(kinds.map((k) => k.properties.type.const).sort()).toEqual([...assertionTypes].sort())
    for (const k of kinds) expect(k.description, k.properties.type.const).toMatch(/\w/)
    expect(schema.properties.description.description).toBe('what this file tests')
    expect(schema.properties.cases.items.properties.conversation.description).toMatch(/turns sent one after another/)
    expect(schema.properties.cases.items.properties.simulate.properties.agent.description).toMatch(/plays the user/)
  })

  it('the demo file docs/agent-tests.example.yaml meets it', () => {
    const demo = parse(readFileSync(join(docs, 'agent-tests.example.yaml'), 'utf8'))
    expect(testFileSchema.safeParse(demo).success).toBe(true)
  })
})
