// `agentry emulator start --upstream-url … --upstream-api-key-file … --upstream-model …` in-process, as a user runs
// it, with a real OpenAI-compatible node:http server as the upstream that checks the bearer, the model and
// include_usage; `chat` then goes through the emulator to it. The key never shows in the emulator's output, and the
// relay options are refused (exit 2) where they make no sense. (It was an e2e file: nothing here needs a process.)
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run } from '../../src/cli.js'
import { chunkFrame, fakeUpstream, sseFrame } from '../helpers/fake-upstream.js'
import { pollUntil } from '../helpers/poll.js'
import { tempDir } from '../helpers/temp-dir.js'
import { testContext } from '../helpers/test-context.js'

const key = 'sk-or-v1-e2e-secret-4242'
const model = 'meta-llama/llama-3.3-70b-instruct'
const upstream = fakeUpstream((req, res) => {
  const ok =
    req.auth === `Bearer ${key}` &&
    req.body.model === model &&
    (req.body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true
  if (!ok) {
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"bad relay request"}}')
    return
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.write(chunkFrame(model, { role: 'assistant', content: 'Relayed ' }))
  res.write(chunkFrame(model, { content: 'answer.' }, 'stop'))
  const usage = { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 }
  res.end(`${sseFrame({ id: 'up', object: 'chat.completion.chunk', model, choices: [], usage })}data: [DONE]\n\n`)
})
const seen = upstream.seen
const upstreamUrl = () => `${upstream.origin}/api/v1`

/** Runs `emulator start` with these extra flags; resolves with its labelled stdout lines once it listens. */
async function start(flags: string[], env: Record<string, string> = {}) {
  const t = testContext({ env })
  const ctx = t.newContext()
  let ended: number | undefined
  const done = run(['emulator', 'start', '--port', '0', '--token-delay', '0', ...flags], ctx).then((code) => {
    ended = code
    return code
  })
  await pollUntil(() => ended !== undefined || /^hook-token: .*\n/m.test(t.stdout()), { what: 'emulator start' })
  if (ended !== undefined) throw new Error(`the emulator ended (${ended}) before it listened: ${t.stderr()}`)
  const lines = Object.fromEntries([...t.stdout().matchAll(/^([\w-]+): (.*)$/gm)].map((m) => [m[1]!, m[2]!]))
  const stop = async () => {
    ctx.abort.abort()
    expect(await done).toBe(0)
  }
  return { lines, stop, output: () => t.stdout() + t.stderr() }
}

describe('emulator start with an upstream', () => {
  it('relays chat answers with the key from a file, the chosen model and usage asked for; the key is never shown', async () => {
    const keyFile = join(tempDir(), 'upstream.key')
    writeFileSync(keyFile, `${key}\n`, { mode: 0o600 })
    const emulator = await start([
      '--upstream-url',
      upstreamUrl(),
      '--upstream-api-key-file',
      keyFile,
      '--upstream-model',
      model,
    ])
    try {
      seen.length = 0
      const { lines } = emulator
      const chat = testContext({
        env: { AGENTRY_BASE_URL: lines['base-url'], AGENTRY_ACCOUNT: lines.account, AGENTRY_API_KEY: lines['api-key'] },
      })
      chat.agent.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/)
      expect(await chat.run(['chat', 'demo-assistant', '-m', 'hi', '--output', 'json'])).toBe(0)
      expect(chat.stderr()).toBe('')
      expect(JSON.parse(chat.stdout())).toMatchObject({
        message: { content: 'Relayed answer.' },
        usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
      })
      expect(seen).toHaveLength(1)
    } finally {
      await emulator.stop()
    }
    expect(emulator.output()).not.toContain(key)
  })

  it('takes the key from AGENTRY_UPSTREAM_API_KEY', async () => {
    const emulator = await start(['--upstream-url', upstreamUrl(), '--upstream-model', model], {
      AGENTRY_UPSTREAM_API_KEY: key,
    })
    try {
      seen.length = 0
      const { lines } = emulator
      const res = await fetch(`${lines['base-url']}/agent/demo-assistant/chat/completion`, {
        method: 'POST',
        headers: { authorization: `Bearer ${lines['api-key']}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
      })
      expect(res.status).toBe(200)
      expect(seen.map((s) => s.auth)).toEqual([`Bearer ${key}`])
    } finally {
      await emulator.stop()
    }
  })

  /** The key files of a refused start: one empty, one missing. */
  const keyFiles = () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'empty.key'), '\n')
    return { empty: join(dir, 'empty.key'), missing: join(dir, 'missing.key') }
  }
  it.each([
    [
      '--upstream-model without --upstream-url',
      () => ['--upstream-model', model],
      /--upstream-model needs --upstream-url/,
    ],
    [
      '--upstream-api-key-file without --upstream-url',
      () => ['--upstream-api-key-file', keyFiles().empty],
      /--upstream-api-key-file needs --upstream-url/,
    ],
    [
      'an unreadable key file',
      () => ['--upstream-url', upstreamUrl(), '--upstream-api-key-file', keyFiles().missing],
      /cannot read the file/,
    ],
    [
      'an empty key file',
      () => ['--upstream-url', upstreamUrl(), '--upstream-api-key-file', keyFiles().empty],
      /the file is empty/,
    ],
  ])('refuses %s (exit 2)', async (_, flags, message) => {
    const t = testContext()
    expect(await t.run(['emulator', 'start', '--port', '0', ...flags()])).toBe(2)
    expect(t.stderr()).toMatch(message)
  })
})
