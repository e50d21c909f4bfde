// A consumer written for the official CLI's `brightsy chat --json` stream reads agentry's `chat -o ndjson` without
// change. `consume` below re-implements, rule by rule, the reader public tools use (mattlevine/sideboard
// packages/core/src/agents/brightsy.ts, parseBrightsyCliLine): text → answer text, thinking → thinking, tool_use
// (input an object), tool_result (id or tool_call_id, content, isError), usage under `usage`, error (its `error` or
// `message`), done; a line of any other type, or one that is not JSON, is shown AS ANSWER TEXT. So every line
// agentry writes must be one of those types, each read for what it means.
import { describe, expect, it, onTestFinished } from 'vitest'
import { reasoningAbout } from '../../src/emulator/completions/model/scripted.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { clearFaults, injectFault } from '../helpers/emulator-faults.js'

const fx = emulatorFixture({ emulator: quietEmulator })

type Read =
  | { type: 'stdout' | 'stderr' | 'thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> | undefined }
  | { type: 'tool_result'; id: string; content: string | undefined; isError: boolean }
  | { type: 'usage'; data: { input: number; output: number; cached: number; cost?: number } }

const known = ['tool_use', 'tool_result', 'tool', 'thinking', 'usage', 'error', 'done', 'text']
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined)

/** One line as that consumer reads it (null: nothing shown). */
function consume(line: string): Read | Read[] | null {
  const trimmed = line.trim()
  if (!trimmed) return null
  let obj: Record<string, unknown>
  try {
    obj = JSON.parse(trimmed)
  } catch {
    return { type: 'stdout', data: line }
  }
  if (obj.type === 'text' && typeof obj.text === 'string') return { type: 'stdout', data: obj.text }
  if (obj.type === 'thinking' && typeof obj.text === 'string') return { type: 'thinking', data: obj.text }
  if (obj.type === 'error') {
    const msg = str(obj.error) ?? str(obj.message) ?? trimmed
    return [
      { type: 'stderr', data: msg },
      { type: 'stdout', data: `Error: ${msg}` },
    ]
  }
  if (obj.type === 'usage') {
    const u = obj.usage as Record<string, unknown> | undefined
    if (!u) return null
    const details = u.prompt_tokens_details as { cached_tokens?: number } | undefined
    return {
      type: 'usage',
      data: {
        input: Number(u.prompt_tokens ?? 0),
        output: Number(u.completion_tokens ?? 0),
        cached: Number(details?.cached_tokens ?? 0),
        ...(u.cost != null && Number.isFinite(Number(u.cost)) ? { cost: Number(u.cost) } : {}),
      },
    }
  }
  if (obj.type === 'tool_use') {
    const input =
      obj.input && typeof obj.input === 'object' && !Array.isArray(obj.input)
        ? (obj.input as Record<string, unknown>)
        : undefined
    return { type: 'tool_use', id: str(obj.id) ?? 'brightsy-tool', name: str(obj.name) ?? 'brightsy_tool', input }
  }
  if (obj.type === 'tool_result' || obj.type === 'tool') {
    const id = str(obj.id) ?? str(obj.tool_call_id) ?? 'brightsy-tool'
    const content =
      typeof obj.content === 'string' ? obj.content : obj.content != null ? JSON.stringify(obj.content) : undefined
    return { type: 'tool_result', id, content, isError: obj.isError === true }
  }
  if (obj.type === 'done') return null
  if (typeof obj.type === 'string' && known.includes(obj.type)) return null
  return { type: 'stdout', data: trimmed }
}

/** Every line of a run's stdout, as the consumer reads it. */
const readAll = (stdout: string) => stdout.split('\n').flatMap((l) => [consume(l) ?? []].flat())
const shown = (reads: Read[]) =>
  reads
    .filter((r) => r.type === 'stdout')
    .map((r) => (r as { data: string }).data)
    .join('')

describe('chat -o ndjson read by a consumer of the official stream', () => {
  it('the answer, thinking and usage come out as that consumer expects, and no line is shown as text', async () => {
    const ask = 'Think step by step: is a kilo of lead heavier than a kilo of feathers?'
    const t = emulatorContext(fx)
    expect(await t.run(['chat', 'demo-assistant', '-m', ask, '-o', 'ndjson'])).toBe(0)
    const u = emulatorContext(fx)
    expect(await u.run(['chat', 'demo-assistant', '-m', ask, '--no-final-newline'])).toBe(0)
    const reads = readAll(t.stdout())
    expect(shown(reads)).toBe(u.stdout())
    expect(
      reads
        .filter((r) => r.type === 'thinking')
        .map((r) => (r as { data: string }).data)
        .join(''),
    ).toBe(reasoningAbout(ask))
    const usage = reads.find((r) => r.type === 'usage') as { data: { input: number; output: number } }
    expect(usage.data.input).toBeGreaterThan(0)
    expect(usage.data.output).toBeGreaterThan(0)
    // agentry's own members ride on the official events: the completion's ids on its `done`
    const done = t
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((e) => e.type === 'done')
    expect(done).toMatchObject({ finish_reason: 'stop', agent_id: 'demo-assistant', round: 1 })
    expect(done.request_id).toEqual(expect.any(String))
  })

  it('tool calls are tool_use with an input object, their results tool_result with the same id', async () => {
    const t = emulatorContext(fx)
    const handler = `node -e "process.stdout.write(JSON.stringify({sky:'teal'}))"`
    expect(
      await t.run(['chat', 'weather-bot', '-m', 'weather in Oslo', '-o', 'ndjson', '--tool-handler', handler]),
    ).toBe(0)
    const reads = readAll(t.stdout())
    const use = reads.find((r) => r.type === 'tool_use') as Extract<Read, { type: 'tool_use' }>
    expect(use.input).toEqual(expect.objectContaining({}))
    expect(use.input).not.toBeUndefined()
    expect(use.name).not.toBe('brightsy_tool')
    expect(reads.find((r) => r.type === 'tool_result')).toEqual({
      type: 'tool_result',
      id: use.id,
      content: '{"sky":"teal"}',
      isError: false,
    })
    expect(shown(reads)).not.toMatch(/"type"/)
  })

  it('an error is read as an error with its message', async () => {
    await injectFault(fx.emu, {
      match: { method: 'POST', path: '/api/v1beta/agent/demo-assistant/chat/completion' },
      status: 500,
      count: 5,
    })
    onTestFinished(() => clearFaults(fx.emu))
    const t = emulatorContext(fx)
    expect(await t.run(['chat', 'demo-assistant', '-m', 'hi', '-o', 'ndjson'])).not.toBe(0)
    const reads = readAll(t.stdout())
    expect(reads.map((r) => r.type)).toEqual(['stderr', 'stdout'])
    expect(shown(reads)).toMatch(/^Error: .*injected fault/)
  })

  it('chat --agent <id> names the agent as the official CLI writes it; words after it are the message', async () => {
    const answer = async (args: string[]) => {
      const t = emulatorContext(fx)
      expect(await t.run(['chat', ...args, '-o', 'json'])).toBe(0)
      return JSON.parse(t.stdout()) as { agent_id: string; message: { content: string } }
    }
    const flagged = await answer(['--agent', 'demo-assistant', 'what', 'is', 'two'])
    expect(flagged.agent_id).toBe('demo-assistant')
    expect(flagged.message.content).toBe((await answer(['demo-assistant', 'what', 'is', 'two'])).message.content)
    expect((await answer(['--agent', 'demo-assistant', '-m', 'hi'])).agent_id).toBe('demo-assistant')
  })
})
