// `agentry logs export <id> --as-test` (issue 31 item 8): a logged conversation becomes a test file whose one case
// holds its turns as a `conversation:`, a starting assertion each; `agentry test` runs the written file against the
// same emulator and it passes (the scripted model answers the same conversation the same way).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { type Logged, logSetup } from '../helpers/log-setup.js'
import { runCommand } from '../helpers/run-command.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })

describe('agentry logs export --as-test', () => {
  it('writes a runnable test file of the conversation, which passes when run', async () => {
    const t = logSetup(fx, runCommand)
    expect((await t.run(['chat', 'demo-assistant', '-m', 'my name is {{Ada}}'])).exitCode).toBe(0)
    expect((await t.run(['chat', '-c', '-m', 'what did I say?'])).exitCode).toBe(0)
    const [c] = (await t.json(['logs', 'list'])) as Logged[]
    const out = join(tempDir(), 'chat.test.yaml')
    const r = await t.run(['logs', 'export', c!.id, '--as-test', '--out', out])
    expect([r.exitCode, r.stderr]).toEqual([0, `wrote ${out}: run it with agentry test ${out}\n`])
    const text = readFileSync(out, 'utf8')
    expect(text).toContain(`# A test file written by agentry from conversation ${c!.id} of the local log`)
    expect(text).toMatch(/targets:\n {2}- agent: demo-assistant\n/)
    expect(text).toContain('user: my name is {{open}}Ada}}')
    expect(text).toContain('    # answered: You said: "my name is {{Ada}}"')
    expect(text).toContain('type: icontains-any')

    const run = await t.run(['test', out, '--json'])
    expect(run.exitCode).toBe(0)
    const [row] = JSON.parse(run.stdout) as { case: string; verdict: string }[]
    expect(row).toMatchObject({ verdict: 'pass' })

    const stdout = await t.run(['logs', 'export', c!.id, '--as-test'])
    expect(stdout.stdout).toBe(text)
  })

  it('needs --as-test and a logged conversation', async () => {
    const t = logSetup(fx, runCommand)
    const bare = await t.run(['logs', 'export', 'c000000000000'])
    expect([bare.exitCode, bare.stderr]).toEqual([2, expect.stringContaining('--as-test')])
    const none = await t.run(['logs', 'export', 'c000000000000', '--as-test'])
    expect([none.exitCode, none.stderr]).toEqual([3, expect.stringContaining('no conversation c000000000000')])
  })
})

describe('conversationAsTest', () => {
  it('takes a tool call as the starting assertion, keeps the system prompt and skips messages before the first user', async () => {
    const { conversationAsTest } = await import('../../src/evals/to-test.js')
    const written = await conversationAsTest({
      agentId: 'weather-bot',
      system: 'be brief',
      source: 'a chat',
      messages: [
        { role: 'assistant', content: 'Welcome!' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'weather in Oslo?' },
            { type: 'image_url', image_url: {} },
          ],
        },
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'get_weather' } }] },
        { role: 'tool', content: '{"temp": 3}' },
        { role: 'assistant', content: 'It is 3 degrees.\u001b[31m', finish_reason: 'stop' },
        { role: 'user', content: '' },
      ],
    })
    expect('text' in written && written.text).toBe(`# A test file written by agentry from a chat: run it with
#   agentry test <this file>
# Each turn starts with one loose assertion taken from the answer it got; tighten them (docs/commands.md).

description: Written from a chat
targets:
  - agent: weather-bot
cases:
  - description: the conversation of a chat goes as before
    system: be brief
    conversation:
      # answered: It is 3 degrees. [31m
      # the message had 1 image(s), not carried here
      - user: weather in Oslo?
        assert:
          - type: tool-call
            name: get_weather
    assert:
      - type: turns
        max: 1
`)
    expect(await conversationAsTest({ agentId: 'a', source: 's', messages: [] })).toEqual({
      problem: 'the conversation has no user message to make a turn of',
    })
  })
})
