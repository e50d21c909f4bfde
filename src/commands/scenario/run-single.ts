// One `scenario run`: the body `{"input": …}` is serialized ONCE; those exact bytes are signed and sent
// (ARCHITECTURE.md "HMAC"). POST is not idempotent, so a failed run is never sent again by the client: a retry could
// run the scenario twice. Exit 0 only when the run completed.
import type { Context } from '../../context.js'
import { CliError } from '../../errors.js'
import { signScenarioInput } from '../../sdk/scenarios.js'
import { readRunInput } from './input.js'
import { oneLine, runSigned } from '../../scenario/run.js'
import { printRun } from '../print-run.js'
import { runSigning } from '../../scenario/signing.js'

/** The options of a run (single or batch). */
export interface RunOptions {
  input: string | undefined
  inputFile: string | undefined
  secretFile: string | undefined
  signatureHeader: string | undefined
  dryRun: boolean
}

/** Runs a scenario: input, secret and header first (usage errors before any request), then one signed POST. */
export async function scenarioRun(scenarioId: string, opts: RunOptions, ctx: Context): Promise<void> {
  const input = await readRunInput(opts, ctx.io)
  const signing = await runSigning(ctx, scenarioId, opts)
  const sdk = await ctx.sdk()
  if (opts.dryRun) {
    const { body, signature } = await signScenarioInput(input, signing.secret.value)
    const url = sdk.scenarios.executeUrl(scenarioId)
    const header = signing.header.name
    const request = { method: 'POST', url, header, signature, body: Buffer.from(body).toString('utf8') }
    return ctx.output().item(request)
  }
  const execution = await runSigned(sdk, scenarioId, input, signing)
  await printRun(ctx, execution, execution)
  if (execution.status !== 'completed')
    throw new CliError(`scenario ${scenarioId}: run ${execution.id} ${execution.status}: ${oneLine(execution.output)}`)
}
