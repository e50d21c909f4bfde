// Every assertion kind of `agentry test`, passing and failing, against the emulator's scripted model (whose answers
// are predictable: docs in `agentry emulator start --help`), with weights, thresholds and the javascript kind.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { patternPng } from '../../src/emulator/png.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })

// [case message, target, assertion, expected verdict]
const table: [string, string, Record<string, unknown>, boolean][] = [
  ['count to 3', 'demo-assistant', { type: 'equals', value: '1 2 3' }, true],
  ['count to 3', 'demo-assistant', { type: 'equals', value: '1 2' }, false],
  ['hello', 'demo-assistant', { type: 'contains', value: 'Demo Assistant' }, true],
  ['hello', 'demo-assistant', { type: 'contains', value: 'demo assistant' }, false],
  ['hello', 'demo-assistant', { type: 'icontains', value: 'DEMO ASSISTANT' }, true],
  ['hello', 'demo-assistant', { type: 'not-contains', value: 'Hello' }, false],
  ['hello', 'demo-assistant', { type: 'not-icontains', value: 'goodbye' }, true],
  ['hello', 'demo-assistant', { type: 'contains-all', value: ['Hello', 'help'] }, true],
  ['hello', 'demo-assistant', { type: 'contains-all', value: ['Hello', 'bye'] }, false],
  ['hello', 'demo-assistant', { type: 'contains-any', value: ['nope', 'help'] }, true],
  ['hello', 'demo-assistant', { type: 'icontains-any', value: ['NOPE', 'NADA'] }, false],
  ['hello', 'demo-assistant', { type: 'icontains-all', value: ['HELLO', 'HELP'] }, true],
  ['hello', 'demo-assistant', { type: 'starts-with', value: 'Hello!' }, true],
  ['hello', 'demo-assistant', { type: 'starts-with', value: 'Goodbye' }, false],
  ['count to 3', 'demo-assistant', { type: 'regex', value: '^1 \\d 3$' }, true],
  ['hello', 'demo-assistant', { type: 'regex', value: 'HELLO' }, false],
  ['hello', 'demo-assistant', { type: 'regex', value: 'HELLO', flags: 'i' }, true],
  ['hello', 'demo-assistant', { type: 'not-regex', value: 'bye' }, true],
  ['reply in JSON', 'demo-assistant', { type: 'is-json' }, true],
  ['hello', 'demo-assistant', { type: 'is-json' }, false],
  [
    'reply in JSON',
    'demo-assistant',
    { type: 'is-json', schema: { type: 'object', properties: { words: { type: 'string' } } } },
    false,
  ],
  ['reply in JSON', 'demo-assistant', { type: 'json-path', path: '$.words', value: 3 }, true],
  ['reply in JSON', 'demo-assistant', { type: 'json-path', path: '$.said' }, true],
  ['reply in JSON', 'demo-assistant', { type: 'json-path', path: '$.missing[0]' }, false],
  ['weather in Oslo', 'weather-bot', { type: 'tool-call', name: 'get_weather', arguments: { city: 'Oslo' } }, true],
  ['weather in Oslo', 'weather-bot', { type: 'tool-call', name: 'get_weather', arguments: { city: 'Rome' } }, false],
  ['hello', 'weather-bot', { type: 'tool-call', name: 'get_weather' }, false],
  ['hello', 'weather-bot', { type: 'no-tool-call' }, true],
  ['weather in Oslo', 'weather-bot', { type: 'finish-reason', value: 'tool_calls' }, true],
  ['hello', 'demo-assistant', { type: 'finish-reason', value: 'length' }, false],
  ['hello', 'demo-assistant', { type: 'latency', max: 60000 }, true],
  ['count to 3', 'demo-assistant', { type: 'tokens', max: 3, count: 'completion' }, true],
  ['count to 3', 'demo-assistant', { type: 'tokens', max: 2, count: 'completion' }, false],
  ['hello', 'demo-assistant', { type: 'judge', judge: 'demo-judge', rubric: 'says "hello"' }, true],
  ['hello', 'demo-assistant', { type: 'judge', judge: 'demo-judge', rubric: 'never says "hello"' }, false],
  [
    'hello',
    'demo-assistant',
    { type: 'javascript', value: 'output.startsWith("Hello") && finishReason === "stop"' },
    true,
  ],
  ['reply in JSON', 'demo-assistant', { type: 'javascript', value: 'json.words > 5' }, false],
]

let lines: { description: string; pass: boolean; assertions: { type: string; pass: boolean; reason: string }[] }[]

beforeAll(async () => {
  const dir = tempDir()
  const file = join(dir, 'kinds.json')
  const cases = table.map(([message, target, a], i) => ({
    description: `#${i}`,
    message,
    targets: [target],
    assert: [a],
  }))
  await writeFile(file, JSON.stringify({ targets: [{ agent: 'demo-assistant' }, { agent: 'weather-bot' }], cases }))
  const results = join(dir, 'results.ndjson')
  const t = emulatorContext(fx)
  expect(await t.run(['test', file, '--allow-js', '--results', results, '--concurrency', '16'])).toBe(10)
  lines = readFileSync(results, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
})

describe('agentry test: every assertion kind', () => {
  it.each(table.map((row, i) => [i, ...row] as const))('#%i %s → %s: %o passes: %s', (i, _m, _t, a, expected) => {
    const line = lines.find((l) => l.description === `#${i}`)!
    expect(line.assertions).toHaveLength(1)
    expect(line.assertions[0]!.type).toBe(a.type)
    expect(line.assertions[0], line.assertions[0]!.reason).toMatchObject({ pass: expected })
    expect(line.pass).toBe(expected)
    expect(line.assertions[0]!.reason.length).toBeGreaterThan(0)
  })

  it('weights and a threshold make a case score; without a threshold every assertion must pass', async () => {
    const dir = tempDir()
    const file = join(dir, 'weights.yaml')
    const assert = `    assert:\n      - type: contains\n        value: Hello\n        weight: 3\n      - type: contains\n        value: nope\n`
    await writeFile(
      file,
      `targets: [{ agent: demo-assistant }]\ncases:\n  - description: t\n    message: hello\n    threshold: 0.75\n${assert}  - description: all\n    message: hello\n${assert}`,
    )
    const results = join(dir, 'r.ndjson')
    const t = emulatorContext(fx)
    expect(await t.run(['test', file, '--results', results])).toBe(10)
    const byCase = Object.fromEntries(
      readFileSync(results, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .map((l) => [l.description, l]),
    )
    expect(byCase.t).toMatchObject({ pass: true, score: 0.75 })
    expect(byCase.all).toMatchObject({ pass: false, score: 0.75 })
  })

  it('a case sends its system message, images and tools (files beside the test file) and max_tokens', async () => {
    const dir = tempDir()
    await writeFile(join(dir, 'pixel.png'), patternPng('x', 3, 2))
    const tool = {
      type: 'function',
      function: { name: 'lookup_order', parameters: { type: 'object', properties: { id: { type: 'string' } } } },
    }
    await writeFile(join(dir, 'tools.json'), JSON.stringify([tool]))
    const file = join(dir, 'parts.yaml')
    await writeFile(
      file,
      [
        'targets: [{ agent: demo-assistant }]',
        'cases:',
        '  - description: image',
        '    message: what is this',
        '    images: [pixel.png]',
        '    assert: [{ type: contains, value: "3×2" }]',
        '  - description: system',
        '    system: answer in uppercase',
        '    message: hello',
        '    assert: [{ type: starts-with, value: HELLO! }]',
        '  - description: tools',
        '    tools: tools.json',
        '    message: use lookup_order with {"id":"o-7"}',
        '    assert: [{ type: tool-call, name: lookup_order, arguments: { id: o-7 } }]',
        '  - description: cut short',
        '    message: count to 50',
        '    maxTokens: 5',
        '    assert: [{ type: finish-reason, value: length }, { type: equals, value: 1 2 3 4 5 }]',
      ].join('\n'),
    )
    const results = join(dir, 'r.ndjson')
    const t = emulatorContext(fx)
    expect(await t.run(['test', file, '--results', results]), t.stderr()).toBe(0)
    const lines = readFileSync(results, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.every((l) => l.pass)).toBe(true)
    expect(lines).toHaveLength(4)
  })
})
