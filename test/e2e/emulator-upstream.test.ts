// `agentry emulator start --upstream-url … --upstream-api-key-file … --upstream-model …` as a user runs it, with a
// real OpenAI-compatible node:http server as the upstream that checks the bearer, the model and include_usage; the
// built CLI then chats through the emulator to it. The key never shows in the emulator's output, and the relay
// options are refused (exit 2) where they make no sense.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, spawnCli, tempConfigDir } from '../helpers/cli.js'
import { chunkFrame, fakeUpstream, sseFrame } from '../helpers/fake-upstream.js'

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

/** Starts the emulator with these extra flags; resolves with its labelled stdout lines once it listens. */
async function start(flags: string[], env: Record<string, string> = {}) {
  const proc = spawnCli(['emulator', 'start', '--port', '0', '--token-delay', '0', ...flags], {
    env,
    timeoutMs: 60_000,
  })
  let out = ''
  const lines = await new Promise<Record<string, string>>((resolve, reject) => {
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (!/^api-key: .*\n/m.test(out)) return
      resolve(Object.fromEntries([...out.matchAll(/^([\w-]+): (.*)$/gm)].map((m) => [m[1], m[2]])))
    })
    proc.then((r) => reject(new Error(`the emulator ended before it listened: ${r.stderr}`)), reject)
  })
  return { proc, lines }
}

describe('emulator start with an upstream', () => {
  it('relays chat answers with the key from a file, the chosen model and usage asked for; the key is never shown', async () => {
    const dir = tempConfigDir()
    const keyFile = join(dir, 'upstream.key')
    writeFileSync(keyFile, `${key}\n`, { mode: 0o600 })
    const { proc, lines } = await start([
      '--upstream-url',
      upstreamUrl(),
      '--upstream-api-key-file',
      keyFile,
      '--upstream-model',
      model,
    ])
    try {
      seen.length = 0
      const r = await runCli(['chat', 'demo-assistant', '-m', 'hi', '--output', 'json'], {
        env: {
          AGENTRY_BASE_URL: lines['base-url']!,
          AGENTRY_ACCOUNT: lines.account!,
          AGENTRY_API_KEY: lines['api-key']!,
        },
      })
      expect(r.stderr).toBe('')
      expect(r.exitCode).toBe(0)
      expect(JSON.parse(r.stdout)).toMatchObject({
        message: { content: 'Relayed answer.' },
        usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
      })
      expect(seen).toHaveLength(1)
    } finally {
      proc.kill('SIGTERM')
    }
    const ended = await proc
    expect(`${ended.stdout}${ended.stderr}`).not.toContain(key)
  })

  it('takes the key from AGENTRY_UPSTREAM_API_KEY', async () => {
    const { proc, lines } = await start(['--upstream-url', upstreamUrl(), '--upstream-model', model], {
      AGENTRY_UPSTREAM_API_KEY: key,
    })
    try {
      seen.length = 0
      const res = await fetch(`${lines['base-url']}/agent/demo-assistant/chat/completion`, {
        method: 'POST',
        headers: { authorization: `Bearer ${lines['api-key']}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
      })
      expect(res.status).toBe(200)
      expect(seen.map((s) => s.auth)).toEqual([`Bearer ${key}`])
    } finally {
      proc.kill('SIGTERM')
    }
    await proc
  })

  it('refuses relay options without --upstream-url, an unreadable or empty key file (exit 2)', async () => {
    const dir = tempConfigDir()
    const empty = join(dir, 'empty.key')
    writeFileSync(empty, '\n')
    const cases: [string[], RegExp][] = [
      [['--upstream-model', model], /--upstream-model needs --upstream-url/],
      [['--upstream-api-key-file', empty], /--upstream-api-key-file needs --upstream-url/],
      [['--upstream-url', upstreamUrl(), '--upstream-api-key-file', join(dir, 'missing.key')], /cannot read the file/],
      [['--upstream-url', upstreamUrl(), '--upstream-api-key-file', empty], /the file is empty/],
    ]
    for (const [flags, message] of cases) {
      const r = await runCli(['emulator', 'start', '--port', '0', ...flags])
      expect(r.exitCode).toBe(2)
      expect(r.stderr).toMatch(message)
    }
  })
})
