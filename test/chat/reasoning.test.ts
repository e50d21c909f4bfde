// Reasoning (issue 9 item 5) end to end: the emulator's scripted model reasons when asked to "think step by step"
// (streamed as delta.reasoning, as OpenRouter does); the CLI in-process (src/cli.ts run()) emits it as `thinking` NDJSON events, keeps it in
// `--output json` as message.reasoning, and keeps it out of `--output text`, the history and the transcript.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createReasoningView } from '../../src/chat/interactive/reasoning-view.js'
import { createUiStyle } from '../../src/chat/interactive/style.js'
import { reasoningAbout } from '../../src/emulator/completions/model/scripted.js'
import { runCommand } from '../helpers/run-command.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ emulator: quietEmulator })
const emu = () => fx.emu
const ask = 'Think step by step: which is heavier, a kilo of feathers or a kilo of lead?'
const thought = reasoningAbout(ask)
const chat = (args: string[]) =>
  runCommand(['chat', 'demo-assistant', '-m', ask, ...args], {
    env: { AGENTRY_BASE_URL: emu().baseUrl, AGENTRY_ACCOUNT: emu().accountId, AGENTRY_API_KEY: emu().demoApiKey },
  })

/** The emulator's own answer text for the message, not streamed. */
async function whole(): Promise<{ content: string; reasoning?: string }> {
  const res = await fetch(`${emu().baseUrl}/agent/demo-assistant/chat/completion`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu().demoApiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: [{ type: 'text', text: ask }] }] }),
  })
  return ((await res.json()) as { choices: [{ message: { content: string; reasoning?: string } }] }).choices[0].message
}

describe('reasoning in one-shot chat', () => {
  it('the scripted model reasons first, apart from the answer', async () => {
    const message = await whole()
    expect(message.reasoning).toBe(thought)
    expect(message.content).toMatch(/^You said: "Think step by step/)
    expect(message.content).not.toContain('Step 1:')
  })

  it('ndjson: thinking events before the text events; joined they are the reasoning, and not in the text', async () => {
    const r = await chat(['--output', 'ndjson'])
    expect(r.exitCode).toBe(0)
    const events = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; text?: string })
    const types = events.map((e) => e.type).filter((t, i, all) => t !== all[i - 1])
    expect(types).toEqual(['thinking', 'text', 'usage', 'done'])
    const joined = (type: string) =>
      events
        .filter((e) => e.type === type)
        .map((e) => e.text)
        .join('')
    expect(joined('thinking')).toBe(thought)
    expect(joined('text')).toBe((await whole()).content)
    expect(events.find((e) => e.type === 'thinking')).toEqual({ type: 'thinking', text: expect.any(String) })
  })

  it('text: only the answer, byte for byte; json: the reasoning as message.reasoning', async () => {
    const { content } = await whole()
    const text = await chat([])
    expect(text.exitCode).toBe(0)
    expect(text.stdout).toBe(content)
    expect(text.stderr).toBe('')
    const json = await chat(['--output', 'json'])
    expect(JSON.parse(json.stdout).message).toEqual({ role: 'assistant', content, reasoning: thought })
  })

  it('the transcript keeps the answer text only', async () => {
    const file = join(tempDir(), 'chat.jsonl')
    const r = await chat(['--save', file])
    expect(r.exitCode).toBe(0)
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
    const answer = JSON.parse(lines.at(-1)!) as { role: string; content: string }
    expect(answer).toMatchObject({ role: 'assistant', content: (await whole()).content })
    expect(JSON.stringify(lines)).not.toContain('Step 1:')
  })
})

describe('the interactive reasoning block', () => {
  it('is dimmed, each line behind a bar, under "thinking", and closed by a blank line', () => {
    const out: string[] = []
    const view = createReasoningView((s) => out.push(s), createUiStyle(true))
    view.end() // nothing written yet: nothing to close
    view.push('first li')
    view.push('ne\nsecond\x1b]0;title\x07 line')
    view.end()
    expect(out.join('')).toBe(
      '\x1b[2mthinking\x1b[22m\n\x1b[2m│ first li\x1b[22m\x1b[2mne\x1b[22m\n\x1b[2m│ second\\u001b]0;title\\u0007 line\x1b[22m\n\n',
    )
    const plain: string[] = []
    const v2 = createReasoningView((s) => plain.push(s), createUiStyle(false))
    v2.push('a\n')
    v2.end()
    expect(plain.join('')).toBe('thinking\n│ a\n\n')
  })
})
