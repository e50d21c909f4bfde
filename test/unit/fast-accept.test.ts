// The generated checks (src/api/accept/<family>.gen.ts, src/config/accept.gen.ts, written by scripts/gen/accept.ts) promise:
// true ONLY when zod accepts the value AND zod's output equals it, so that the value can be used as is without
// loading zod. For every schema they cover (each operation's query, body, response and list item; config.json,
// credentials.json, a profile name, each setting), values drawn from the schema (valid ones, near-valid mutations,
// any JSON) are put to both: wherever the check says true, zod must succeed and give back an equal value.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceptLoaders } from '../../src/api/accept.gen.js'
import { type ContractRoute, families, familyContract } from '../../src/api/contract/index.js'
import * as z from '../../src/api/zod.js'
import {
  acceptConfigFile,
  acceptCredentialsFile,
  acceptProfileName,
  acceptSetting,
} from '../../src/config/accept.gen.js'
import { configFileSchema, credentialsFileSchema, profileNameSchema } from '../../src/config/schema.js'
import { settingSchemas } from '../../src/config/setting-schemas.js'
import { settingKeyList } from '../../src/config/settings.js'
import { InvalidResponseError } from '../../src/api/errors.js'
import type { HttpClient, HttpResponse } from '../../src/api/request.js'
import { Transport } from '../../src/sdk/transport.js'
import { repoRoot } from '../helpers/cli.js'
import { drawnBy } from '../helpers/zod-arbitrary.js'

// strings that meet the checks of the declarations and of the settings, and some that do not
const strings = fc.oneof(
  fc.constantFrom(
    '',
    'x',
    '0',
    '20',
    '101',
    '1',
    'ag_1',
    'work',
    'ci-1.prod_x',
    '__proto__',
    'constructor',
    'acc/1',
    'https://host/api/v1beta',
    'ftp://host',
    'X-Signature',
    '2099-01-01T00:00:00Z',
    'on',
    'json',
    'a'.repeat(101),
  ),
  fc.string({ maxLength: 8 }),
)
const numbers = fc.constantFrom(-1, 0, 1, 2, 1.5, 60, 100, 101, 3600, 1e12, Number.NaN, Number.POSITIVE_INFINITY)
const keys = fc.constantFrom('a', 'work', 'event', '__proto__', 'constructor')

/** Values drawn from a schema: valid, near-valid (`__proto__` too) and any JSON. */
const drawn = drawnBy({ strings, numbers, keys, adversarial: true })

/** The promise of a check, on values drawn from its schema; returns how many it accepted. */
function holds(what: string, schema: z.core.$ZodType, accept: (v: unknown) => boolean, extra: unknown[] = []): number {
  let accepted = 0
  const promise = (v: unknown) => {
    if (!accept(v)) return
    accepted++
    const r = z.safeParse(schema, v)
    expect(r.success, `${what}: ${JSON.stringify(v)}`).toBe(true)
    // node's deep equality: own members (an undefined one counts), prototypes; not a `constructor` member's value
    expect(isDeepStrictEqual(r.data, v), `${what}: ${JSON.stringify(v)} became ${JSON.stringify(r.data)}`).toBe(true)
  }
  for (const v of extra) promise(v)
  fc.assert(fc.property(drawn(schema), promise), { numRuns: 150 })
  return accepted
}

/** Every declared part that has a check, by route. */
async function declaredParts(): Promise<[string, z.core.$ZodType, (v: unknown) => boolean][]> {
  const out: [string, z.core.$ZodType, (v: unknown) => boolean][] = []
  for (const family of families) {
    // each family's checks are a module of their own, with a check set for every operation it declares, no other
    const accepts = await acceptLoaders[family]()
    const declared = await familyContract(family)
    expect(Object.keys(accepts), family).toEqual(Object.keys(declared))
    for (const [name, endpoint] of Object.entries(declared)) {
      const a = accepts[name as ContractRoute]!
      for (const part of ['query', 'body', 'response', 'item'] as const) {
        const schema = endpoint[part]
        // a part the declaration has always has a check (`never` at least); one it lacks has none
        expect(a[part] === undefined, `${name}.${part}`).toBe(schema === undefined)
        if (schema && a[part]) out.push([`${name}.${part}`, schema, a[part]])
        // items picked by the query: the check must hold for every schema the query may pick
        if (part === 'item' && endpoint.itemFor && a.item) {
          const pickable = endpoint.itemSchemas ?? []
          for (const q of [{}, { groupBy: 'x' }, { aggregate: 'count' }, { where: '{}' }])
            expect(pickable, `${name}.itemFor(${JSON.stringify(q)})`).toContain(endpoint.itemFor(q))
          for (const [i, s] of pickable.entries()) out.push([`${name}.itemSchemas[${i}]`, s, a.item])
        }
      }
      expect(a.idempotent, `${name}.idempotent`).toBe(endpoint.idempotent)
    }
  }
  return out
}

describe('the generated checks accept only what zod gives back unchanged', () => {
  it("every operation's query, body, response and list item", async () => {
    const parts = await declaredParts()
    expect(parts.length).toBeGreaterThan(50)
    for (const [what, schema, accept] of parts) holds(what, schema, accept)
  })

  it('config.json, credentials.json, a profile name and each setting', () => {
    const config = {
      currentProfile: 'work',
      profiles: { work: { baseUrl: 'https://host/api/v1beta', account: 'acc_1' } },
    }
    expect(holds('config.json', configFileSchema(), acceptConfigFile, [config])).toBeGreaterThan(0)
    const credentials = { profiles: { work: { apiKey: 'key' } } }
    expect(holds('credentials.json', credentialsFileSchema(), acceptCredentialsFile, [credentials])).toBeGreaterThan(0)
    holds('profile name', profileNameSchema(), acceptProfileName)
    for (const key of settingKeyList) holds(key, settingSchemas[key](), acceptSetting[key])
  })

  it('take the values of an ordinary run: a config with a profile, its key, an agents list answer and its query', async () => {
    const accepts = await acceptLoaders.agents()
    expect(
      acceptConfigFile({
        currentProfile: 'work',
        profiles: { work: { baseUrl: 'https://host/api/v1beta', account: 'acc_1', output: 'json', log: 'on' } },
      }),
    ).toBe(true)
    expect(acceptCredentialsFile({ profiles: { work: { apiKey: 'key' } } })).toBe(true)
    expect(acceptSetting.baseUrl('http://127.0.0.1:4010/api/v1beta')).toBe(true)
    expect(accepts.agentsList?.query?.({ limit: 20, page: 1 })).toBe(true)
    expect(accepts.agentsList?.query?.({ page: 1, limit: undefined })).toBe(true)
    // what zod would change or refuse: zod decides
    expect(acceptConfigFile({ currentProfile: 'work' })).toBe(false) // profiles' default filled in
    expect(acceptConfigFile({ profiles: { work: { timeout: 30 } } })).toBe(false) // a transform
    expect(accepts.agentsList?.query?.({ page: 1, all: true })).toBe(false) // z.object strips `all`
    expect(accepts.agentsList?.item?.({ id: 7 })).toBe(false)
  })
})

describe('a value the check refuses goes to zod', () => {
  const answer = (body: unknown): HttpResponse =>
    ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      bytes: Buffer.from(JSON.stringify(body)),
    }) as never
  const t = new Transport(
    { send: async () => answer({ data: [{ id: 7 }], pagination: {} }) } as unknown as HttpClient,
    'http://h/api/v1beta',
    'acc',
  )

  it("an invalid agents list answer: zod's own InvalidResponseError, as before", async () => {
    const first = async () => {
      for await (const _ of t.list('agentsList').firstPage()) {
      }
    }
    await expect(first()).rejects.toThrow(InvalidResponseError)
    await expect(first()).rejects.toThrow(
      "the server's answer to /{accountId}/agents: data[0] does not match the interface: .id: Invalid input: expected string, received number",
    )
  })
})

describe('the generated checks share their functions within a module', () => {
  // each family's module (and src/config/accept.gen.ts) is written by its own emitter: a function two schemas of
  // the module spell alike is written once. Families share none (an operation added to one rewrites no other's file,
  // test/unit/generated.test.ts)
  const bodies = (files: string[]) =>
    files.flatMap((f) =>
      [
        ...readFileSync(join(repoRoot, f), 'utf8').matchAll(/function (\w+)\(v: any\): boolean \{\n([\s\S]*?)\n\}\n/g),
      ].map((m) => ({ where: `${f} ${m[1]}`, body: m[2]! })),
    )
  const repeated = (found: { where: string; body: string }[]) => {
    const first = new Map<string, string>()
    const twice: string[] = []
    for (const { where, body } of found) {
      const earlier = first.get(body)
      if (earlier) twice.push(`${where} repeats ${earlier}`)
      else first.set(body, where)
    }
    return twice
  }

  it('no function body is written twice in a module', () => {
    const dir = 'src/api/accept'
    const modules = [...readdirSync(join(repoRoot, dir)).map((f) => `${dir}/${f}`), 'src/config/accept.gen.ts']
    expect(modules.flatMap((m) => bodies([m])).length).toBeGreaterThan(50)
    for (const m of modules) expect(repeated(bodies([m])), m).toEqual([])
  })
})

describe('the zod the generator reads (its private `_zod.def`, scripts/gen/accept.ts)', () => {
  it('is pinned to one exact version, the one installed', () => {
    const pinned = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).dependencies.zod
    const installed = JSON.parse(readFileSync(join(repoRoot, 'node_modules/zod/package.json'), 'utf8')).version
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/)
    expect(pinned).toBe(installed)
  })
})
