// JSON-RPC 2.0 to an agent's A2A endpoint (A2A spec section 9): one request and its answer, or one request and its
// server-sent events, each a JSON-RPC response (A2A 9.4.2). A2A errors become CLI errors with the exit codes of
// README "Exit codes": task not found 3, not cancelable 5, the agent's own failures 7.
import { randomUUID } from 'node:crypto'
import * as z from '../api/zod.js'
import type { HttpResponse } from '../api/request.js'
import { readSse } from '../api/stream/sse.js'
import type { Context } from '../context.js'
import { AgentryError, CliError, ExitCode, type ExitCodeValue } from '../errors.js'
import { bodyChunks } from '../io/body-stream.js'
import { clientFor, jsonOf } from './client.js'
import type { Endpoint } from './endpoint.js'
import { methodOf, type Operation, versionHeaders } from './wire.js'

// zod/mini: the same checks as zod's chained API, at a fraction of its load cost (start-up budget)
const rpcResponseSchema = z
  .looseObject({
    jsonrpc: z.optional(z.string()),
    id: z.optional(z.unknown()),
    result: z.optional(z.unknown()),
    error: z.optional(z.looseObject({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) })),
  })
  .check(
    z.refine((r) => r.result !== undefined || r.error !== undefined, 'a JSON-RPC response has a result or an error'),
  )

/** What each A2A error code means for the user (A2A 5.4; JSON-RPC 2.0 section 5.1). */
const byCode: Record<number, { exitCode: ExitCodeValue; hint?: string }> = {
  [-32001]: {
    exitCode: ExitCode.notFound,
    hint: 'check the task id: the agent does not know it (or no longer keeps it)',
  },
  [-32002]: { exitCode: ExitCode.conflict, hint: 'the task has already ended; `agentry a2a task get` shows its state' },
  [-32601]: {
    exitCode: ExitCode.error,
    hint: 'the agent does not offer this method; `agentry a2a card` shows what it speaks',
  },
  [-32009]: {
    exitCode: ExitCode.error,
    hint: 'the agent does not speak this A2A version; `agentry a2a card` shows its interfaces',
  },
  [-32603]: { exitCode: ExitCode.server },
  [-32006]: { exitCode: ExitCode.server },
}

/** The result of a JSON-RPC response, or the CLI error its `error` stands for. */
export function resultOf(response: unknown, endpoint: string): unknown {
  const parsed = rpcResponseSchema.safeParse(response)
  if (!parsed.success)
    throw new CliError(`${endpoint} answered something that is not a JSON-RPC response`, { exitCode: ExitCode.server })
  const { error, result } = parsed.data
  if (error) {
    const meaning = byCode[error.code] ?? { exitCode: ExitCode.error }
    throw new CliError(`${endpoint}: A2A error ${error.code}: ${error.message}`, meaning)
  }
  return result
}

/** Sends one A2A request; the answer is handed back unread. */
async function post(ctx: Context, ep: Endpoint, op: Operation, params: Record<string, unknown>, stream: boolean) {
  const { http, auth } = await clientFor(ctx, ep.url)
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: randomUUID(),
    method: methodOf(ep.version, op),
    params: ep.tenant ? { tenant: ep.tenant, ...params } : params,
  })
  return http.send({
    method: 'POST',
    url: ep.url,
    auth,
    body,
    headers: {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      ...versionHeaders(ep.version),
    },
    // a send starts work on the agent: never sent twice; get and cancel may be (A2A 3.3.1)
    idempotent: op === 'get' || op === 'cancel',
    ...(stream ? { stream: true } : {}),
  })
}

/** One request, one answer: the result. */
export async function call(ctx: Context, ep: Endpoint, op: Operation, params: Record<string, unknown>) {
  const res = await post(ctx, ep, op, params, false)
  return resultOf(await jsonOf(res, `POST ${ep.url}`), ep.url)
}

/** A streaming request: the results of its events, as they come. A server that answers with one JSON response
 * (an error, or a server that does not stream) gives that one result. */
export async function* events(ctx: Context, ep: Endpoint, op: Operation, params: Record<string, unknown>) {
  const res: HttpResponse = await post(ctx, ep, op, params, true)
  if (!/text\/event-stream/i.test(res.headers['content-type'] ?? '')) {
    yield resultOf(await jsonOf(res, `POST ${ep.url}`), ep.url)
    return
  }
  const read = (data: string) => {
    try {
      return resultOf(JSON.parse(data), ep.url)
    } catch (e) {
      if (e instanceof AgentryError) throw e
      throw new CliError(`${ep.url}: a streamed event is not JSON: ${data.slice(0, 80)}`, { exitCode: ExitCode.server })
    }
  }
  for await (const ev of readSse(bodyChunks(ctx.abort.signal, res.body, `POST ${ep.url}`), {
    dispatchIncompleteAtEnd: true,
  }))
    if (ev.data.trim() !== '') yield read(ev.data)
}
