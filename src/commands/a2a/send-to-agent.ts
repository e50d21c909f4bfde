// The send of `agentry a2a send`: one user message to the endpoint the card names (endpoint.ts), as a send (one answer) or a
// streaming send (A2A 3.1.2: the task, then status and artifact updates). Text mode prints the reply as it
// arrives and the task's state changes on stderr; --json prints the result, -o ndjson one event a line (both in
// the one shape of wire.ts, whatever generation the agent speaks).
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'
import { writeAll } from '../../io/iostreams.js'
import { endLine, FinalNewline } from '../../io/output.js'
import type { Endpoint } from '../../a2a/endpoint.js'
import { failedStates, replyText, stateOf, streamStep } from '../../a2a/protocol.js'
import { call, events } from '../../a2a/rpc.js'
import { readEvent, sendParams } from '../../a2a/wire.js'

/** Options of a send. */
export interface SendOptions {
  text: string
  stream: boolean
  contextId?: string | undefined
  /** print JSON (the result; with --stream, one result a line) instead of the reply text */
  json: boolean
  /** false: the agent answers the task at once, before it ends (A2A 3.2.2) */
  wait?: boolean
}

function checkState(state: string | undefined): void {
  if (state && failedStates.has(state)) throw new CliError(`the agent's task ended ${state}`)
}

/** Sends the message to the endpoint and prints the reply. */
export async function sendToAgent(ctx: Context, ep: Endpoint, o: SendOptions): Promise<void> {
  const params = sendParams(ep.version, o.text, o.contextId, o.wait === false && !o.stream)
  const out = ctx.io.stdout
  if (!o.stream) {
    const result = readEvent(await call(ctx, ep, 'send', params))
    // as every command prints JSON (--jq included)
    if (o.json) await ctx.output().item(result)
    else if (o.wait === false) await writeAll(out, `${String((result as { id?: unknown }).id ?? '')}\n`)
    else {
      const text = replyText(result)
      if (text) await writeAll(out, endLine(text))
    }
    return checkState(stateOf(result))
  }
  // the final-newline rule (src/io/output.ts): the reply ends with one, and so does the line a state change cuts
  const ending = new FinalNewline()
  let state: string | undefined
  let final = false
  for await (const raw of events(ctx, ep, 'stream', params)) {
    const result = readEvent(raw)
    const step = streamStep(result, ending.printed)
    final ||= step.final
    if (o.json) await writeAll(out, `${JSON.stringify(result)}\n`)
    else {
      if (step.text) {
        ending.note(step.text)
        await writeAll(out, step.text)
      }
      if (step.state && step.state !== state) {
        // the state changes on stderr, each on its own line (the reply may be mid-line on stdout)
        if (ending.end()) {
          await writeAll(out, ending.end())
          ending.note('\n')
        }
        // a state is a word; anything else the server put there is not written to the terminal
        ctx.info(`(${step.state.replace(/[^\w-]/g, '?')})`)
      }
    }
    state = step.state ?? state
    if (final) break
  }
  if (!o.json && ending.end()) await writeAll(out, ending.end())
  if (!final)
    throw new CliError(`${ep.url}: the stream ended before the agent finished`, { exitCode: ExitCode.network })
  checkState(state)
}
