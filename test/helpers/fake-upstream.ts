// A real OpenAI-compatible upstream for the relay tests (--upstream-url): a node:http server on 127.0.0.1, started in
// beforeAll and closed in afterAll, that records every request (path, Authorization, JSON body) and answers with the
// test's own function. sseFrame/chunkFrame write the frames of a streamed chat completion.
import { createServer, type ServerResponse } from 'node:http'
import { afterAll, beforeAll } from 'vitest'

/** One request the upstream received. */
export interface UpstreamRequest {
  path: string
  auth: string | undefined
  body: Record<string, unknown>
}

/** The running upstream: its origin (http://127.0.0.1:<port>, known once beforeAll ran) and what it received. */
export interface FakeUpstream {
  readonly origin: string
  readonly seen: UpstreamRequest[]
}

/** Starts an upstream for the file; call it at the top level, before an emulator fixture that points at it. */
export function fakeUpstream(answer: (req: UpstreamRequest, res: ServerResponse) => void): FakeUpstream {
  const seen: UpstreamRequest[] = []
  let origin = ''
  const server = createServer(async (req, res) => {
    let text = ''
    for await (const c of req) text += c
    const request = { path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(text) }
    seen.push(request)
    answer(request, res)
  })
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))
  return {
    get origin() {
      return origin
    },
    seen,
  }
}

/** One server-sent event carrying `o` as JSON. */
export const sseFrame = (o: unknown) => `data: ${JSON.stringify(o)}\n\n`

/** The frame of one completion chunk with a single choice (`extra` adds members, e.g. usage). */
export const chunkFrame = (
  model: string,
  delta: Record<string, unknown>,
  finish: string | null = null,
  extra: Record<string, unknown> = {},
) =>
  sseFrame({
    id: 'up',
    object: 'chat.completion.chunk',
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  })
