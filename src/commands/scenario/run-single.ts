// One `scenario run` or `scenario trigger`. A signed run: the body `{"input": …}` is serialized ONCE; those exact
// bytes are signed and sent (ARCHITECTURE.md "HMAC"). A trigger sends the input with the caller's credential. POST is
// not idempotent, so a failed run is never sent again by the client: a retry could run the scenario twice. Exit 0
// only when the run completed.
import type { Execution } from '../../api/schemas/index.js'
import type { Context } from '../../context.js'
import { CliError } from '../../errors.js'
import { signScenarioInput } from '../../sdk/scenarios.js'
import { readRunInput } from './input.js'
import { oneLine, runSigned } from '../../scenario/run.js'
import { printRun } from '../print-run.js'
import { runSigning } from '../../scenario/signing.js'

/** The options of a signed run (single or batch). */
export interface RunOptions {
  input: string | undefined
  inputFile: string | undefined
  secretFile: string | undefined
  signatureHeader: string | undefined
  dryRun: boolean
}

/** Sends one run of a scenario with `input` (the signed POST, or the trigger with the caller's credential). */
export type ScenarioSender = (input: string) => Promise<Execution>

/** Runs a scenario once through `send` and prints the run; a run that did not complete is an error (exit 1). */
export async function runOnce<I>(
  ctx: Context,
  scenarioId: string,
  input: I,
  send: (input: I) => Promise<Execution>,
): Promise<void> {
  const execution = await send(input)
  await printRun(ctx, execution, execution)
  if (execution.status !== 'completed')
    throw new CliError(`scenario ${scenarioId}: run ${execution.id} ${execution.status}: ${oneLine(execution.output)}`)
}

/** Runs a scenario signed: input, secret and header first (usage errors before any request), then one POST. */
export async function scenarioRun(scenarioId: string, opts: RunOptions, ctx: Context): Promise<void> {
  const input = await readRunInput(opts, ctx.io, ctx.bodyLimit())
  const signing = await runSigning(ctx, scenarioId, opts)
  const sdk = await ctx.sdk()
  if (opts.dryRun) {
    const { body, signature } = await signScenarioInput(input, signing.secret.value)
    const url = sdk.scenarios.executeUrl(scenarioId)
    const header = signing.header.name
    const request = { method: 'POST', url, header, signature, body: Buffer.from(body).toString('utf8') }
    return ctx.output().item(request)
  }
  await runOnce(ctx, scenarioId, input, (text) => runSigned(sdk, scenarioId, text, signing))
}
