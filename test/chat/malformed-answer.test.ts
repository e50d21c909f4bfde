// A 2xx that is not a completion (issue 7 item 3): the CLI in-process (src/cli.ts run())'s `chat` against a stub server on 127.0.0.1 that
// answers 200 with an HTML page or with broken JSON. That is exit 7 (the server's answer does not match the
// interface), never exit 8 (a dropped connection), for streamed and non-streamed answers alike.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { runCommand } from '../helpers/run-command.js'
import { customServer } from './helpers.js'

type Answer = (req: IncomingMessage, res: ServerResponse) => void

async function chatAgainst(answer: Answer, args: string[] = []) {
  const server = await customServer((req, res) => answer(req, res))
  const r = await runCommand(['chat', 'a1', '-m', 'hi', ...args], {
    env: { AGENTRY_BASE_URL: server.baseUrl, AGENTRY_ACCOUNT: 'acc', AGENTRY_API_KEY: 'agk_test' },
  })
  // the stub was really asked: the CLI got as far as the completion
  expect(server.requests.map((q) => q.url)).toEqual(['/api/v1beta/agent/a1/chat/completion'])
  return r
}

const html: Answer = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end('<!doctype html>\n<html><head><title>Sign in</title></head><body>Please sign in</body></html>\n')
}

describe('chat: a 200 that is not a completion is exit 7', () => {
  it.each([[[]], [['--no-stream']]])('an HTML page (text/html), streamed or not: %j', async (args) => {
    const r = await chatAgainst(html, args)
    expect(r.exitCode).toBe(7)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/answered with a page \(text\/html; charset=utf-8\), not a completion/)
    expect(r.stderr).not.toMatch(/connection dropped/)
  })

  it('an HTML page sent without a Content-Type, sniffed', async () => {
    const r = await chatAgainst((_req, res) => {
      res.removeHeader('content-type')
      res.writeHead(200)
      res.end('\n<html><body>502 Bad Gateway</body></html>')
    })
    expect(r.exitCode).toBe(7)
    expect(r.stderr).toMatch(/answered with a page/)
  })

  it.each(['{"id":"x","choices":[{"index":0,', '{\n  "id": "x",\n  "choices": [\n'])(
    'broken JSON with application/json, in one line or pretty-printed: %j',
    async (body) => {
      const r = await chatAgainst(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(body)
        },
        ['--output', 'ndjson'],
      )
      expect(r.exitCode).toBe(7)
      expect(r.stderr).toMatch(/JSON response body is not valid JSON/)
      const events = r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l))
      expect(events.at(-1)).toMatchObject({ type: 'error', kind: 'server', exit_code: 7 })
    },
  )

  it('plain text without a Content-Type (a proxy error page in text)', async () => {
    const r = await chatAgainst((_req, res) => {
      res.removeHeader('content-type')
      res.writeHead(200)
      res.end('Bad Gateway: upstream connect error\n')
    })
    expect(r.exitCode).toBe(7)
    expect(r.stderr).toMatch(
      /the server's answer is not a completion stream \(got "Bad Gateway: upstream connect error"\)/,
    )
  })

  it('valid JSON that is not a completion', async () => {
    const r = await chatAgainst((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"status":"ok"}')
    })
    expect(r.exitCode).toBe(7)
    expect(r.stderr).toMatch(/not a chat completion/)
  })

  it('an SSE chunk that is not JSON, after some text: the text stays, exit 7', async () => {
    const r = await chatAgainst((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const chunk = { choices: [{ index: 0, delta: { content: 'Hello' }, finish_reason: null }] }
      res.end(`data: ${JSON.stringify(chunk)}\n\ndata: <html>oops</html>\n\ndata: [DONE]\n\n`)
    })
    expect(r.exitCode).toBe(7)
    expect(r.stdout).toBe('Hello')
    expect(r.stderr).toMatch(/server-sent event 2 is not valid JSON/)
  })
})
