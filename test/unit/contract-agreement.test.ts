// The client and the emulator accept the same requests: for every route with a declared body, random bodies drawn
// from its declaration (valid ones, near-valid mutations, and any JSON) are put to the library's request check
// (Transport.checkBody) and to the emulator's (src/emulator/declared.ts, what its pipeline runs before a handler).
// They must agree on each; where the declaration has the service take more (Endpoint.served), whatever the client
// accepts the emulator accepts too.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { HttpClient } from '../../src/api/request.js'
import { type ContractRoute, families, familyContract } from '../../src/api/contract/index.js'
import type { Endpoint } from '../../src/api/contract/types.js'
import { fillPath, type Route, type RouteName, routes } from '../../src/api/routes.js'
import * as z from '../../src/api/zod.js'
import { declaredBody, declaredParams, declaredQuery } from '../../src/emulator/declared.js'
import { HttpError } from '../../src/emulator/types.js'
import { UsageError } from '../../src/errors.js'
import { Transport } from '../../src/sdk/transport.js'
import { drawnBy, shapedBy } from '../helpers/zod-arbitrary.js'

// Strings that meet the checks the declarations use (names, ids, ISO times, time zones, sizes, URLs, whole numbers
// of a query) and some that do not (empty, too long, wrong form, out of range).
const strings = fc.oneof(
  fc.constantFrom(
    '',
    'x',
    '1',
    '20',
    '0',
    '101',
    'ab',
    'Nightly',
    'scn_1',
    'UTC',
    'Europe/Paris',
    '*/5 * * * *',
    '2099-01-01T00:00:00Z',
    'tomorrow',
    '256x256',
    '10000x1',
    'https://example.com/a.png',
    'a'.repeat(101),
    'a'.repeat(1001),
  ),
  fc.string({ maxLength: 8 }),
)
const numbers = fc.constantFrom(-1, 0, 1, 2, 1.5, 60, 3600, 1e12)

const leaves = { strings, numbers, keys: fc.constantFrom('a', 'b', 'event') }
/** Values shaped by a declaration: mostly of the right type and form, not always within its checks. */
const shaped = shapedBy(leaves)
/** A body drawn from a declaration: as shaped, with a member dropped, replaced or added, or any JSON at all. */
const bodies = drawnBy(leaves)

const client = new Transport({} as HttpClient, 'http://127.0.0.1:9/api/v1beta', undefined)

/** Does the library send this body? A refusal is a usage error naming the member, before anything is sent. */
async function clientAccepts(name: ContractRoute, body: unknown): Promise<boolean> {
  try {
    await client.checkBody(name, body)
    return true
  } catch (e) {
    if (e instanceof UsageError) return false
    throw e
  }
}

/** Does the emulator pass this body (as it arrives: JSON text parsed) to the handler? A refusal is a 400. */
async function emulatorAccepts(name: RouteName, route: Route, body: unknown): Promise<boolean> {
  const text = JSON.stringify(body)
  try {
    await declaredBody(name, route, JSON.parse(text), Buffer.byteLength(text))
    return true
  } catch (e) {
    if (e instanceof HttpError && e.status === 400) return false
    throw e
  }
}

/**
 * Every route whose declaration has a body: the emulator's pipeline checks it before the handler (bearer routes), or
 * the handler has it checked once it has authenticated the request (signed scenario runs, webhook triggers).
 */
async function declaredBodies(): Promise<[RouteName, Route, Endpoint & { body: z.core.$ZodType }][]> {
  const out: [RouteName, Route, Endpoint & { body: z.core.$ZodType }][] = []
  for (const family of families) {
    for (const [name, endpoint] of Object.entries(await familyContract(family))) {
      const route = routes[name as RouteName] as Route
      if (endpoint.body !== undefined) out.push([name as RouteName, route, endpoint as never])
    }
  }
  return out
}

describe('the client and the emulator accept the same bodies', async () => {
  const all = await declaredBodies()

  it('covers every route with a declared body', () => {
    expect(all.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'schedulesCreate',
        'schedulesEdit',
        'chatCompletion',
        'webhooksCreate',
        'keysCreate',
        'scenarioExecute',
        'webhookTrigger',
      ]),
    )
  })

  it.each(all.map(([name, route, endpoint]) => ({ name, route, endpoint })))(
    '$name',
    async ({ name, route, endpoint }) => {
      const seen = { accepted: 0, refused: 0 }
      await fc.assert(
        fc.asyncProperty(bodies(endpoint.body), async (body) => {
          const byClient = await clientAccepts(name as ContractRoute, body)
          const byEmulator = await emulatorAccepts(name, route, body)
          seen[byClient ? 'accepted' : 'refused']++
          // the served view may take more than the client sends (Endpoint.served), never less
          if (endpoint.served?.body !== undefined) expect(!byClient || byEmulator).toBe(true)
          else expect(byEmulator).toBe(byClient)
        }),
        { numRuns: 150 },
      )
      // the bodies drawn reach both sides of the check, so agreement is not agreement on nothing
      expect(seen.accepted, 'bodies accepted').toBeGreaterThan(0)
      expect(seen.refused, 'bodies refused').toBeGreaterThan(0)
    },
  )
})

/** Every bearer route with a declared query: lists, and the CMS query. */
async function declaredQueries(): Promise<[RouteName, Route, Endpoint & { query: z.core.$ZodType }][]> {
  const out: [RouteName, Route, Endpoint & { query: z.core.$ZodType }][] = []
  for (const family of families) {
    for (const [name, endpoint] of Object.entries(await familyContract(family))) {
      const route = routes[name as RouteName] as Route
      if (endpoint.query !== undefined && route.auth === 'bearer')
        out.push([name as RouteName, route, endpoint as never])
    }
  }
  return out
}

// A query travels as text: the library checks it as given (Transport's checkRequest: the route's `query` schema),
// the emulator reads the text with the served view. Whatever the library sends, the emulator takes, with the same
// values; it may take more (a limit above 100, which it clamps).
describe('the emulator takes every query the client sends', async () => {
  const all = await declaredQueries()

  it('covers every list', () => {
    expect(all.map(([name]) => name)).toEqual(
      expect.arrayContaining(['agentsList', 'chatsList', 'filesList', 'schedulesList', 'cmsQuery']),
    )
  })

  it.each(all.map(([name, route, endpoint]) => ({ name, route, endpoint })))(
    '$name',
    async ({ name, route, endpoint }) => {
      const seen = { accepted: 0, refused: 0 }
      await fc.assert(
        // the empty query (every list takes it) drawn often, so that each run sees accepted queries as well as refused ones
        fc.asyncProperty(
          fc.oneof({ arbitrary: fc.constant({}), weight: 1 }, { arbitrary: shaped(endpoint.query), weight: 4 }),
          async (query) => {
            const byClient = z.safeParse(endpoint.query, query)
            seen[byClient.success ? 'accepted' : 'refused']++
            if (!byClient.success) return
            const text = new URLSearchParams()
            for (const [k, v] of Object.entries(query as Record<string, unknown>))
              if (v !== undefined) text.set(k, String(v))
            const served = (await declaredQuery(name, route, text)) as Record<string, unknown>
            for (const key of ['page', 'limit'] as const) {
              const sent = (byClient.data as Record<string, unknown>)[key]
              if (sent !== undefined) expect(served[key], key).toBe(sent)
            }
          },
        ),
        { numRuns: 100 },
      )
      expect(seen.accepted, 'queries accepted').toBeGreaterThan(0)
      expect(seen.refused, 'queries refused').toBeGreaterThan(0)
    },
  )
})

// A path value travels percent-encoded: the library refuses one that would not name one resource (fillPath, before
// anything is sent), the emulator checks the decoded value against the same declaration (declaredParams). They agree
// on every value of every parameter of every route.
describe('the client and the emulator accept the same path values', () => {
  const values = fc.oneof(
    fc.constantFrom('', '.', '..', 'x', 'a/b', 'a//b', 'a/../b', './a', 'a/.', '%2e'),
    fc.string(),
  )
  const all = (Object.entries(routes) as [RouteName, Route][]).flatMap(([name, route]) =>
    [...route.path.matchAll(/\{(\w+)\*?\}/g)].map((m) => ({ name, route, param: m[1]! })),
  )

  it.each(all)('$name {$param}', ({ route, param }) => {
    const seen = { accepted: 0, refused: 0 }
    fc.assert(
      fc.property(values, (value) => {
        let byClient = true
        try {
          fillPath(route.path, { ...Object.fromEntries(all.map((p) => [p.param, 'x'])), [param]: value })
        } catch (e) {
          if (!(e instanceof UsageError)) throw e
          byClient = false
        }
        let byEmulator = true
        try {
          declaredParams(route, { [param]: value })
        } catch (e) {
          if (!(e instanceof HttpError && e.status === 400)) throw e
          byEmulator = false
        }
        seen[byClient ? 'accepted' : 'refused']++
        expect(byEmulator).toBe(byClient)
      }),
      { numRuns: 60 },
    )
    expect(seen.accepted, 'values accepted').toBeGreaterThan(0)
    expect(seen.refused, 'values refused').toBeGreaterThan(0)
  })
})

// The drifts the declarations removed: the emulator refused these before, and the library sent them anyway.
describe('the library refuses what the service refuses, before sending', () => {
  it('an unknown member of a strict body (schedules, keys and their scopes, webhooks, CMS, images)', async () => {
    await expect(client.checkBody('schedulesEdit', { every: '5m' })).rejects.toThrow(UsageError)
    await expect(client.checkBody('keysCreate', { name: 'x', scopes: { teams: ['a'] } })).rejects.toThrow(
      /^scopes: .*"teams"/,
    )
    await expect(client.checkBody('webhooksTest', { payload: [] })).rejects.toThrow(/payload must be a JSON object/)
  })
})
