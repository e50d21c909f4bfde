// Bad test files: a clear usage error naming the file, the line and the member, exit 2, and no request sent (the
// test context's HTTP stub has nothing stubbed: any request would fail the run another way).
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

async function runFile(text: string, extra: string[] = [], name = 'tests.yaml') {
  const dir = tempDir()
  const file = join(dir, name)
  await writeFile(file, text)
  const t = testContext()
  const code = await t.run(['test', file, ...extra])
  return { code, stderr: t.stderr().replaceAll(file, name), stdout: t.stdout(), dir }
}

const head = 'targets:\n  - agent: demo-assistant\ncases:\n'

describe('agentry test: bad input, before any request', () => {
  it.each([
    [
      'an unknown assertion type',
      `${head}  - description: a\n    message: hi\n    assert:\n      - type: containz\n        value: x\n`,
      'tests.yaml:7: cases[0].assert[0].type: unknown assertion type "containz"',
      'hint: one of: equals, contains, icontains',
    ],
    [
      'a bad regex',
      `${head}  - description: a\n    message: hi\n    assert:\n      - type: regex\n        value: "a(b"\n`,
      'tests.yaml:8: cases[0].assert[0].value: not a valid regular expression: Invalid regular expression: /a(b/: Unterminated group',
      undefined,
    ],
    [
      'no target',
      'cases:\n  - description: a\n    message: hi\n',
      'tests.yaml:1: targets: no target: say what the cases run against',
      'hint: add targets: [{agent: <agentId>}]',
    ],
    [
      'a case naming a target the file does not have',
      `${head}  - description: a\n    message: hi\n    targets: [weather]\n`,
      'tests.yaml:6: cases[0].targets[0]: no target "weather"',
      "hint: the file's targets are: demo-assistant",
    ],
    [
      'a variable without a value',
      `${head}  - description: a\n    vars: { city: Paris }\n    message: weather in {{town}}\n`,
      'tests.yaml:6: cases[0].message: {{town}} has no value',
      'hint: give it in the case’s vars, defaults.vars or a dataset column',
    ],
    [
      'a JSON path it cannot read',
      `${head}  - description: a\n    message: hi\n    assert:\n      - type: json-path\n        path: $.a[*]\n`,
      'tests.yaml:8: cases[0].assert[0].path: cannot read the path at "[*]"',
      undefined,
    ],
    [
      'a tools file that is not there',
      `${head}  - description: a\n    message: hi\n    tools: nope.json\n`,
      'tests.yaml:6: cases[0].tools: ',
      undefined,
    ],
    [
      'an inline tool without a name',
      `${head}  - description: a\n    message: hi\n    tools: [{ type: function, function: { description: x } }]\n`,
      'tests.yaml:6: cases[0].tools[0].function.name: required',
      undefined,
    ],
    [
      'a misspelt member',
      `${head}  - description: a\n    mesage: hi\n`,
      'tests.yaml:5: cases[0].mesage: unknown member "mesage"',
      undefined,
    ],
    [
      'a javascript assertion without --allow-js',
      `${head}  - description: a\n    message: hi\n    assert:\n      - type: javascript\n        value: output.length > 0\n`,
      'tests.yaml:7: cases[0].assert[0].type: a javascript assertion runs code from the test file',
      'hint: pass --allow-js if you trust this file',
    ],
    [
      'broken YAML',
      `${head}  - description: [a\n`,
      'tests.yaml:5:1: not valid YAML or JSON: Flow sequence in block collection must be sufficiently indented and end with a ]\n',
      undefined,
    ],
  ])('%s', async (_, text, message, hint) => {
    const r = await runFile(text)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(`error: ${message}`)
    if (hint) expect(r.stderr).toContain(hint)
    expect(r.stdout).toBe('')
  })

  it('a JSON file is read the same way, its lines too', async () => {
    const json = JSON.stringify(
      { targets: [{ agent: 'a' }], cases: [{ description: 'a', message: 'hi', assert: [{ type: 'nope' }] }] },
      null,
      2,
    )
    const r = await runFile(json, [], 'tests.json')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('error: tests.json:13: cases[0].assert[0].type: unknown assertion type "nope"')
  })

  it('a dataset row without a variable the message uses names the row', async () => {
    const dir = tempDir()
    await writeFile(join(dir, 'rows.csv'), 'city\nParis\n')
    const file = join(dir, 'tests.yaml')
    await writeFile(file, `${head}  - description: a\n    dataset: rows.csv\n    message: "{{city}} in {{unit}}"\n`)
    const t = testContext()
    expect(await t.run(['test', file])).toBe(2)
    expect(t.stderr()).toContain(`${file}:6: cases[0].message: {{unit}} has no value (dataset row at line 2)`)
  })
})
