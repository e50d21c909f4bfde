// `agentry a2a send`: one user message to the endpoint a card names, as JSON-RPC 2.0 `message/send` (one answer) or
// `message/stream` (server-sent events, each a JSON-RPC response: A2A v0.3 "Streaming"), printing the reply text
// as it arrives, or the JSON results with --json.
import type { AgentCard } from '../../api/schemas/index.js'
import { readSse } from '../../api/stream/sse.js'
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'
import { writeAll } from '../../io/iostreams.js'
import { bodyChunks } from '../files/body-stream.js'
import { checkHttpUrl, clientFor, jsonOf } from './client.js'
import {
  failedStates,
  replyText,
  type RpcResponse,
  rpcResponseSchema,
  sendRequest,
  stateOf,
  streamStep,
} from './protocol.js'

/** Options of a send. */
export interface SendOptions {
  text: string
  stream: boolean
  contextId?: string | undefined
  /** print JSON (the result; with --stream, one result a line) instead of the reply text */
  json: boolean
}

function resultOf(r: unknown, endpoint: string): unknown {
  const parsed = rpcResponseSchema.safeParse(r)
  if (!parsed.success) throw new CliError(`${endpoint} answered something that is not a JSON-RPC response`)
  const res: RpcResponse = parsed.data
  if (res.error)
    throw new CliError(`${endpoint}: A2A error ${res.error.code}: ${res.error.message}`, {
      exitCode: res.error.code === -32001 ? ExitCode.notFound : ExitCode.error,
    })
  return res.result
}

function checkState(state: string | undefined): void {
  if (state && failedStates.has(state)) throw new CliError(`the agent's task ended ${state}`)
}

/** Sends the message to the card's endpoint and prints the reply. */
export async function sendToAgent(ctx: Context, card: AgentCard, o: SendOptions): Promise<void> {
  const endpoint = checkHttpUrl(card.url, "the card's url").toString()
  const { http, auth } = await clientFor(ctx, endpoint)
  const body = JSON.stringify(sendRequest(o.stream ? 'message/stream' : 'message/send', o.text, o))
  const res = await http.send({
    method: 'POST',
    url: endpoint,
    auth,
    body,
    headers: { 'content-type': 'application/json', accept: o.stream ? 'text/event-stream' : 'application/json' },
    idempotent: false,
    ...(o.stream ? { stream: true } : {}),
  })
  const out = ctx.io.stdout
  if (!o.stream || !/text\/event-stream/i.test(res.headers['content-type'] ?? '')) {
    // message/send, or a server that answered a stream request with one JSON response (e.g. an error)
    const result = resultOf(await jsonOf(res, `POST ${endpoint}`), endpoint)
    if (o.json) await writeAll(out, `${JSON.stringify(result, null, o.stream ? undefined : 2)}\n`)
    else {
      const text = replyText(result)
      if (text) await writeAll(out, text.endsWith('\n') ? text : `${text}\n`)
    }
    return checkState(stateOf(result))
  }
  let printed = ''
  let state: string | undefined
  let final = false
  const handle = async (data: string) => {
    let json: unknown
    try {
      json = JSON.parse(data)
    } catch {
      throw new CliError(`${endpoint}: a streamed event is not JSON: ${data.slice(0, 80)}`, {
        exitCode: ExitCode.server,
      })
    }
    const result = resultOf(json, endpoint)
    const step = streamStep(result, printed !== '')
    state = step.state ?? state
    final ||= step.final
    if (o.json) return writeAll(out, `${JSON.stringify(result)}\n`)
    if (step.text) {
      printed += step.text.slice(-1)
      await writeAll(out, step.text)
    }
  }
  for await (const ev of readSse(bodyChunks(ctx, res.body, `POST ${endpoint}`), { dispatchIncompleteAtEnd: true })) {
    await handle(ev.data)
    if (final) break
  }
  if (!o.json && printed && !printed.endsWith('\n')) await writeAll(out, '\n')
  if (!final)
    throw new CliError(`${endpoint}: the stream ended before the agent finished`, { exitCode: ExitCode.network })
  checkState(state)
}
