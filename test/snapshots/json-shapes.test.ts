// Inline snapshots of the JSON the CLI prints with --json for every resource, against the emulator (issue 7 item 8).
// What is pinned is the shape — the keys and the type of each value — so ids and timestamps never make
// them flaky, while a renamed, dropped or retyped field shows up as a diff. A deliberate change: update them all with
// `npm run test:files -- test/snapshots/json-shapes.test.ts -u` and read the diff.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { families, loaders } from '../../src/api/contract/loaders.js'
import type { Operation } from '../../src/api/contract/types.js'
import { patternPng } from '../../src/emulator/png.js'
import { demoSecrets } from '../../src/emulator/seed-resources.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })

/** Members whose content is the user's, not the interface's (a tool's JSON Schema, a CMS record's fields, a record type's schema). */
const freeForm = new Set(['parameters', 'data', 'schema', 'schema_ui'])

/**
 * A value's shape: each leaf becomes its type name, array items are merged into one shape ("null|string" where they
 * differ, "key?" for a key some items lack); a free-form member is only "object" (the demo data is not pinned).
 */
function shape(v: unknown): unknown {
  if (v === null) return 'null'
  if (Array.isArray(v)) return v.length === 0 ? [] : [v.map(shape).reduce(merge)]
  if (typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, freeForm.has(k) && isShapeObject(x) ? 'object' : shape(x)]),
    )
  return typeof v
}

type Shape = Record<string, unknown>
const isShapeObject = (x: unknown): x is Shape => typeof x === 'object' && x !== null && !Array.isArray(x)

function merge(a: unknown, b: unknown): unknown {
  if (isShapeObject(a) && isShapeObject(b)) {
    const field = (o: Shape, k: string) =>
      k in o ? { v: o[k], optional: false } : `${k}?` in o ? { v: o[`${k}?`], optional: true } : undefined
    const out: Shape = {}
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)].map((k) => k.replace(/\?$/, '')))) {
      const x = field(a, k)
      const y = field(b, k)
      const v = x && y ? merge(x.v, y.v) : (x ?? y)?.v
      out[!x || !y || x.optional || y.optional ? `${k}?` : k] = v
    }
    return out
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === 0 ? b : b.length === 0 ? a : [merge(a[0], b[0])]
  const names = (x: unknown) => (typeof x === 'string' ? x.split('|') : [Array.isArray(x) ? 'array' : 'object'])
  return [...new Set([...names(a), ...names(b)])].sort().join('|')
}

/** Runs one command line with --json against the emulator and returns the shape of what it printed. */
async function printed(args: string[], env: Record<string, string> = {}): Promise<unknown> {
  const t = emulatorContext(fx, { env })
  const code = await t.run([...args, '--json'])
  expect(code, t.stderr()).toBe(0)
  return shape(JSON.parse(t.stdout()))
}

describe('the shape of a value', () => {
  it('keeps keys and types, merges array items, marks what some items lack', () => {
    expect(shape({ id: 'x', n: [{ a: 1, b: 'x' }, { a: null }, { a: 2, c: [true] }], e: [], data: { x: 1 } })).toEqual({
      id: 'string',
      n: [{ a: 'null|number', 'b?': 'string', 'c?': ['boolean'] }],
      e: [],
      data: 'object',
    })
  })
})

/** The first id in a printed list. */
async function firstId(args: string[]): Promise<string> {
  const t = emulatorContext(fx)
  expect(await t.run([...args, '--json']), t.stderr()).toBe(0)
  const items = JSON.parse(t.stdout()) as { id: string }[]
  expect(items.length, args.join(' ')).toBeGreaterThan(0)
  return items[0]!.id
}

describe('shape of --json output against the emulator', () => {
  it('agents list', async () => {
    expect(await printed(['agents', 'list'])).toMatchInlineSnapshot(`
      [
        {
          "createdAt": "string",
          "description": "string",
          "id": "string",
          "maxTokens": "number",
          "model": "string",
          "name": "string",
          "skills": [
            "string",
          ],
          "systemPrompt": "string",
          "tools?": [
            {
              "function": {
                "description": "string",
                "name": "string",
                "parameters": "object",
              },
              "type": "string",
            },
          ],
          "updatedAt": "string",
        },
      ]
    `)
  })

  it('agents get', async () => {
    expect(await printed(['agents', 'get', 'demo-assistant'])).toMatchInlineSnapshot(`
      {
        "createdAt": "string",
        "description": "string",
        "id": "string",
        "maxTokens": "number",
        "model": "string",
        "name": "string",
        "skills": [
          "string",
        ],
        "systemPrompt": "string",
        "updatedAt": "string",
      }
    `)
  })

  it('agents card', async () => {
    expect(await printed(['agents', 'card', 'demo-assistant'])).toMatchInlineSnapshot(`
      {
        "capabilities": {
          "extendedAgentCard": "boolean",
          "pushNotifications": "boolean",
          "streaming": "boolean",
        },
        "defaultInputModes": [
          "string",
        ],
        "defaultOutputModes": [
          "string",
        ],
        "description": "string",
        "name": "string",
        "preferredTransport": "string",
        "protocolVersion": "string",
        "provider": {
          "organization": "string",
          "url": "string",
        },
        "security": [
          {
            "bearer": [],
          },
        ],
        "securityRequirements": [
          {
            "schemes": {
              "bearer": {
                "list": [],
              },
            },
          },
        ],
        "securitySchemes": {
          "bearer": {
            "description": "string",
            "scheme": "string",
            "type": "string",
          },
        },
        "skills": [
          {
            "description": "string",
            "id": "string",
            "name": "string",
            "tags": [
              "string",
            ],
          },
        ],
        "supportedInterfaces": [
          {
            "protocolBinding": "string",
            "protocolVersion": "string",
            "url": "string",
          },
        ],
        "url": "string",
        "version": "string",
      }
    `)
  })

  it('skills list', async () => {
    expect(await printed(['skills', 'list'])).toMatchInlineSnapshot(`
      [
        {
          "description": "string",
          "id": "string",
          "name": "string",
          "tags": [
            "string",
          ],
        },
      ]
    `)
  })

  it('skills get', async () => {
    expect(await printed(['skills', 'get', 'markdown'])).toMatchInlineSnapshot(`
      {
        "description": "string",
        "id": "string",
        "name": "string",
        "tags": [
          "string",
        ],
      }
    `)
  })

  it('chats create, list and messages', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['chats', 'create', 'demo-assistant', '--json'])).toBe(0)
    const created = JSON.parse(t.stdout()) as { id: string }
    expect(shape(created)).toMatchInlineSnapshot(`
      {
        "agentId": "string",
        "id": "string",
      }
    `)
    expect(await emulatorContext(fx).run(['chat', 'demo-assistant', '--chat', created.id, '-m', 'hello'])).toBe(0)
    expect(await printed(['chats', 'list', 'demo-assistant'])).toMatchInlineSnapshot(`
      [
        {
          "agentId": "string",
          "createdAt": "string",
          "id": "string",
          "title": "string",
          "updatedAt": "string",
        },
      ]
    `)
    expect(await printed(['chats', 'messages', 'demo-assistant', created.id])).toMatchInlineSnapshot(`
      [
        {
          "content": [
            {
              "text": "string",
              "type": "string",
            },
          ],
          "createdAt": "string",
          "finish_reason?": "string",
          "id": "string",
          "role": "string",
        },
      ]
    `)
  })

  it('scenario list and get', async () => {
    expect(await printed(['scenario', 'list'])).toMatchInlineSnapshot(`
      [
        {
          "agentId": "string",
          "createdAt": "string",
          "description": "string",
          "enabled": "boolean",
          "id": "string",
          "instruction": "string",
          "name": "string",
          "signature_name": "string",
          "updatedAt": "string",
        },
      ]
    `)
    expect(await printed(['scenario', 'get', 'scn_summarize'])).toMatchInlineSnapshot(`
      {
        "agentId": "string",
        "createdAt": "string",
        "description": "string",
        "enabled": "boolean",
        "id": "string",
        "instruction": "string",
        "name": "string",
        "signature_name": "string",
        "updatedAt": "string",
      }
    `)
  })

  it('scenario run', async () => {
    const env = { AGENTRY_SCENARIO_SECRET: demoSecrets.scenarios.scn_summarize.secret }
    expect(await printed(['scenario', 'run', 'scn_summarize', '--input', 'Ticket #1'], env)).toMatchInlineSnapshot(`
      {
        "finishedAt": "string",
        "id": "string",
        "output": "string",
        "scenarioId": "string",
        "startedAt": "string",
        "status": "string",
      }
    `)
  })

  it('scenario runs', async () => {
    const env = { AGENTRY_SCENARIO_SECRET: demoSecrets.scenarios.scn_summarize.secret }
    await printed(['scenario', 'run', 'scn_summarize', '--input', 'Ticket #2'], env)
    expect(await printed(['scenario', 'runs', 'scn_summarize'])).toMatchInlineSnapshot(`
      [
        {
          "finishedAt": "string",
          "id": "string",
          "output": "string",
          "scenarioId": "string",
          "startedAt": "string",
          "status": "string",
          "trigger": "string",
        },
      ]
    `)
  })

  it('webhook list and get', async () => {
    expect(await printed(['webhook', 'list'])).toMatchInlineSnapshot(`
      [
        {
          "createdAt": "string",
          "description": "string",
          "id": "string",
          "name": "string",
          "scenarioId": "string",
          "status": "string",
          "updatedAt": "string",
          "url": "string",
        },
      ]
    `)
    expect(await printed(['webhook', 'get', await firstId(['webhook', 'list'])])).toMatchInlineSnapshot(`
      {
        "createdAt": "string",
        "description": "string",
        "id": "string",
        "name": "string",
        "scenarioId": "string",
        "status": "string",
        "updatedAt": "string",
        "url": "string",
      }
    `)
  })

  it('schedule list and get', async () => {
    expect(await printed(['schedule', 'list'])).toMatchInlineSnapshot(`
      [
        {
          "createdAt": "string",
          "cron": "null|string",
          "id": "string",
          "input": "string",
          "intervalSeconds": "null|number",
          "lastRunAt": "null",
          "name": "string",
          "nextRunAt": "null|string",
          "scenarioId": "string",
          "status": "string",
          "timezone": "string",
          "updatedAt": "string",
        },
      ]
    `)
    expect(await printed(['schedule', 'get', await firstId(['schedule', 'list'])])).toMatchInlineSnapshot(`
      {
        "createdAt": "string",
        "cron": "string",
        "id": "string",
        "input": "string",
        "intervalSeconds": "null",
        "lastRunAt": "null",
        "name": "string",
        "nextRunAt": "string",
        "scenarioId": "string",
        "status": "string",
        "timezone": "string",
        "updatedAt": "string",
      }
    `)
  })

  it('keys list', async () => {
    expect(await printed(['keys', 'list'])).toMatchInlineSnapshot(`
      [
        {
          "createdAt": "string",
          "expiresAt": "null|string",
          "id": "string",
          "lastUsedAt": "null|string",
          "name": "string",
          "prefix": "string",
          "scopes": {
            "agents?": [
              "string",
            ],
            "cms?": "string",
            "scenarios?": [],
          },
        },
      ]
    `)
  })

  it('teams (the official CLI shape: {endpoint, active, teams})', async () => {
    expect(await printed(['teams'])).toMatchInlineSnapshot(`
      {
        "active": {
          "active": "boolean",
          "id": "string",
          "is_personal_account": "boolean",
          "name": "string",
          "picture_url": "null",
          "role": "string",
          "slug": "string",
        },
        "endpoint": "string",
        "teams": [
          {
            "active": "boolean",
            "id": "string",
            "is_personal_account": "boolean",
            "name": "string",
            "picture_url": "null",
            "role": "string",
            "slug": "string",
          },
        ],
      }
    `)
  })

  it('models list, and chat --list-targets (the official {agents, models})', async () => {
    expect(await printed(['models', 'list'])).toMatchInlineSnapshot(`
      [
        {
          "description": "string",
          "id": "string",
          "name": "string",
        },
      ]
    `)
    expect(await printed(['chat', '--list-targets'])).toMatchInlineSnapshot(`
      {
        "agents": [
          {
            "description": "string",
            "id": "string",
            "name": "string",
            "type": "string",
          },
        ],
        "models": [
          {
            "description": "string",
            "id": "string",
            "name": "string",
            "type": "string",
          },
        ],
      }
    `)
  })

  it('connect access, tasks and show', async () => {
    const task = fx.emu.state.desktop.queue(
      { account: fx.emu.accountId, sourceAgentId: 'desktop-relay', sourceChatId: null, text: 'hi', ttlMs: 60_000 },
      Date.now(),
    )
    expect(await printed(['connect', 'show', task.id])).toEqual(((await printed(['connect', 'tasks'])) as unknown[])[0])
    expect(await printed(['connect', 'access'])).toMatchInlineSnapshot(`
      {
        "allow_always": "boolean",
        "enabled": "boolean",
      }
    `)
    expect(await printed(['connect', 'tasks'])).toMatchInlineSnapshot(`
      [
        {
          "account_id": "string",
          "created_at": "string",
          "device_id": "null",
          "expires_at": "string",
          "id": "string",
          "message": {
            "parts": [
              {
                "kind": "string",
                "text": "string",
              },
            ],
          },
          "messages": [
            {
              "content": "string",
              "created_at": "string",
              "role": "string",
            },
          ],
          "response": "null",
          "source_agent_id": "string",
          "source_chat_id": "null",
          "task_status": "string",
          "updated_at": "string",
          "user_id": "string",
        },
      ]
    `)
  })

  it('sites list and get, pages list and get', async () => {
    const site = await firstId(['sites', 'list'])
    expect(await printed(['sites', 'list'])).toMatchInlineSnapshot(`
      [
        {
          "createdAt": "string",
          "domain": "string",
          "id": "string",
          "name": "string",
          "pageCount": "number",
        },
      ]
    `)
    expect(await printed(['sites', 'get', site])).toMatchInlineSnapshot(`
      {
        "createdAt": "string",
        "domain": "string",
        "id": "string",
        "name": "string",
        "pageCount": "number",
      }
    `)
    expect(await printed(['pages', 'list', site])).toMatchInlineSnapshot(`
      [
        {
          "content": "string",
          "id": "string",
          "path": "string",
          "siteId": "string",
          "title": "string",
          "updatedAt": "string",
        },
      ]
    `)
    expect(await printed(['pages', 'get', site, await firstId(['pages', 'list', site])])).toMatchInlineSnapshot(`
      {
        "content": "string",
        "id": "string",
        "path": "string",
        "siteId": "string",
        "title": "string",
        "updatedAt": "string",
      }
    `)
  })

  it('files list', async () => {
    expect(await printed(['files', 'list', 'docs'])).toMatchInlineSnapshot(`
      [
        {
          "contentType?": "string",
          "path": "string",
          "size?": "number",
          "type": "string",
          "updatedAt?": "string",
        },
      ]
    `)
  })

  it('images analyze and generate', async () => {
    const file = join(tempDir(), 'p.png')
    writeFileSync(file, patternPng('shape', 8, 8))
    expect(await printed(['images', 'analyze', file])).toMatchInlineSnapshot(`
      {
        "text": "string",
      }
    `)
    expect(await printed(['images', 'generate', '-p', 'a cat', '--size', '16x16'])).toMatchInlineSnapshot(`
      {
        "height": "number",
        "path": "string",
        "url": "string",
        "width": "number",
      }
    `)
  })

  it('logs list and search (the local log, camelCase like the service resources)', async () => {
    const env = { AGENTRY_STATE_DIR: tempDir() }
    const t = emulatorContext(fx, { env })
    expect(await t.run(['chat', 'demo-assistant', '-m', 'hello zebras']), t.stderr()).toBe(0)
    expect(await printed(['logs', 'list'], env)).toMatchInlineSnapshot(`
      [
        {
          "agentId": "string",
          "baseUrl": "string",
          "chatId": "null",
          "createdAt": "string",
          "id": "string",
          "messages": "number",
          "profile": "string",
          "system": "null",
          "title": "string",
          "totalTokens": "number",
          "updatedAt": "string",
        },
      ]
    `)
    expect(await printed(['logs', 'search', 'zebras'], env)).toMatchInlineSnapshot(`
      [
        {
          "agentId": "string",
          "conversationId": "string",
          "createdAt": "string",
          "role": "string",
          "seq": "number",
          "snippet": "string",
        },
      ]
    `)
  })

  it('cms publish', async () => {
    expect(await printed(['cms', 'publish', 'posts', 'post_00002'])).toMatchInlineSnapshot(`
      [
        {
          "createdAt": "string",
          "data": "object",
          "id": "string",
          "publishedAt": "string",
          "tags": [
            "string",
          ],
          "updatedAt": "string",
        },
      ]
    `)
  })

  it('cms query and get', async () => {
    expect(await printed(['cms', 'query', 'posts', '--page-size', '5'])).toMatchInlineSnapshot(`
      [
        {
          "createdAt": "string",
          "data": "object",
          "id": "string",
          "publishedAt": "string",
          "tags": [
            "string",
          ],
          "updatedAt": "string",
        },
      ]
    `)
    expect(await printed(['cms', 'get', 'posts', await firstId(['cms', 'query', 'posts'])])).toMatchInlineSnapshot(`
      {
        "createdAt": "string",
        "data": "object",
        "id": "string",
        "publishedAt": "string",
        "tags": [
          "string",
        ],
        "updatedAt": "string",
      }
    `)
    expect(await printed(['cms', 'search', 'posts', 'practical webhooks'])).toMatchInlineSnapshot(`
      [
        {
          "createdAt": "string",
          "data": "object",
          "id": "string",
          "publishedAt": "string",
          "score": "number",
          "tags": [
            "string",
          ],
          "updatedAt": "string",
        },
      ]
    `)
    expect(await printed(['cms', 'types', 'list'])).toMatchInlineSnapshot(`
      [
        {
          "id": "string",
          "name": "string",
          "schema": "object",
          "schema_ui": "object",
          "slug": "string",
        },
      ]
    `)
    expect(await printed(['cms', 'types', 'get', 'posts'])).toMatchInlineSnapshot(`
      {
        "id": "string",
        "name": "string",
        "schema": "object",
        "schema_ui": "object",
        "slug": "string",
      }
    `)
    expect(await printed(['cms', 'get', 'posts', 'post_00002', 'post_00001'])).toMatchInlineSnapshot(`
      [
        {
          "createdAt": "string",
          "data": "object",
          "id": "string",
          "publishedAt": "string",
          "tags": [
            "string",
          ],
          "updatedAt": "string",
        },
      ]
    `)
  })
})

/** Commands named by a read operation that print something else than its answer, and why. */
const notItsAnswer: Record<string, string> = {
  'a2a card': "the card of a URL the user gives: the shape of `agents card`'s, pinned above",
  'cms export': 'writes the records to files, NDJSON, not --json',
  login: 'reads the OAuth metadata to log in; prints no answer of it',
  'oauth login': 'the same login',
}

describe('every data command', () => {
  it('has its --json shape pinned here: each command a read operation names (its `command`)', async () => {
    const source = readFileSync(import.meta.filename, 'utf8')
    const missing: string[] = []
    for (const family of families) {
      for (const [name, op] of Object.entries((await loaders[family]()) as Record<string, Operation>)) {
        if (op.method !== 'GET' || (op.response === undefined && op.item === undefined)) continue
        for (const command of (op.command ?? '').split(', ').filter(Boolean)) {
          const call = `printed([${command
            .split(' ')
            .map((w) => `'${w}'`)
            .join(', ')}`
          if (!source.includes(call) && !(command in notItsAnswer)) missing.push(`${command} (${name})`)
        }
      }
    }
    expect(missing, 'add an it() with printed([...]) for each').toEqual([])
  })
})
