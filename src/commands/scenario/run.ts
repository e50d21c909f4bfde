// `agentry scenario run <id>`: a signed execution (service-interface 4.4, 5.5). The body `{"input": …}` is serialized
// ONCE; those exact bytes are signed and sent (ARCHITECTURE.md "HMAC"). POST is not idempotent, so a failed run is
// never sent again by the client: a retry could run the scenario twice. Exit 0 only when the run completed.
import { Command, Option } from 'commander'
import * as z from 'zod'
import type { Execution } from '../../api/schemas/index.js'
import { signScenarioInput } from '../../sdk/scenarios.js'
import type { Context } from '../../context.js'
import { ApiError, CliError, ExitCode } from '../../errors.js'
import { batchOptions, withBatchOptions } from '../batch-options.js'
import { examples, parseOptions } from '../shared.js'
import { readRunInput } from './input.js'
import { withSecretFlagGuard } from './secret.js'
import { headerNamePattern, scenarioSecret, scenarioSecretEnv, signatureHeader } from './signing.js'

/** Options of `scenario run`. */
export const runOptionsSchema = z.object({
  input: z.string().optional(),
  inputFile: z.string().min(1, 'give a path, or - for stdin').optional(),
  secretFile: z.string().min(1, 'give a path').optional(),
  signatureHeader: z.string().regex(headerNamePattern, 'not an HTTP header name; e.g. X-Signature').optional(),
  dryRun: z.boolean().default(false),
})
export type RunOptions = z.infer<typeof runOptionsSchema>

/** The `scenario run` command. */
export function scenarioRunCommand(ctx: Context): Command {
  const cmd = withSecretFlagGuard(
    new Command('run')
      .description('Run a scenario, signed with its secret; exit 0 only when the run completed')
      .argument('<scenarioId>', 'the scenario')
      .addOption(new Option('--input <text>', 'the input text').conflicts('inputFile'))
      .option('--input-file <path>', 'read the input from a file (- for stdin); default: piped stdin')
      .option('--secret-file <path>', `file holding the signing secret (or env ${scenarioSecretEnv}, or the profile)`)
      .option('--signature-header <name>', "header carrying the signature (default: profile, else the scenario's)")
      .option('--dry-run', 'print the request (body, header name, signature) without sending it'),
    scenarioSecretEnv,
  )
  withBatchOptions(cmd, 'run').action(async (id: string, raw: Record<string, unknown>) => {
    const opts = parseOptions(runOptionsSchema, raw)
    const conflicting = { '--input': opts.input !== undefined, '--input-file': opts.inputFile !== undefined }
    const batch = batchOptions(raw, { ...conflicting, '--dry-run': opts.dryRun })
    if (!batch) return scenarioRun(id, opts, ctx)
    const { scenarioRunBatch } = await import('./run-batch.js')
    await scenarioRunBatch(id, opts, batch, ctx)
  })
  cmd.addHelpText(
    'after',
    `
The body {"input": "<text>"} is signed with HMAC-SHA256 (lowercase hex) over its exact bytes. The run is never
retried by agentry (it is not idempotent: a retry could run the scenario twice).
Exit codes: 0 completed, 1 failed (the reason on stderr), 2 usage, 3 no such scenario, 4 signature refused,
5 scenario disabled.

--batch runs it once per line of an NDJSON file (a JSON string, or {"input": "<text>"}), --concurrency at a time,
and writes one result line per input as each finishes:
  {"index", "input", "runId", "status", "output", "durationMs", "error"}
status: completed, failed (the run did not complete), refused (4xx) or error (no answer: it may or may not have
run). Exit 0 only when every run completed; else the code all unsuccessful runs share (4 signature refused,
5 disabled or failed, 8 network…), 5 when they differ; 130 after Ctrl-C (the runs in flight finish first).`,
  )
  return examples(cmd, [
    `${scenarioSecretEnv}=… agentry scenario run scn_1 --input "Summarize this"`,
    'git log -1 --format=%B | agentry scenario run scn_1 --secret-file ~/.config/scn_1.secret --json',
    'agentry scenario run scn_1 --input-file ticket.txt --signature-header X-Signature -o json',
    'agentry scenario run scn_1 --input hi --dry-run',
    'agentry scenario run scn_1 --batch tickets.ndjson --results out.ndjson --junit junit.xml --concurrency 16',
    'agentry scenario run scn_1 --batch tickets.ndjson --results out.ndjson --resume out.ndjson --shard 2/4',
  ])
}

/** Runs a scenario: input, secret and header first (usage errors before any request), then one signed POST. */
export async function scenarioRun(scenarioId: string, opts: RunOptions, ctx: Context): Promise<void> {
  const input = await readRunInput(opts, ctx.io)
  const secret = await scenarioSecret(ctx, opts.secretFile)
  const header = await signatureHeader(ctx, scenarioId, opts.signatureHeader)
  ctx.redactor.addHeader(header.name)
  const sdk = await ctx.sdk()
  if (opts.dryRun) {
    const { body, signature } = await signScenarioInput(input, secret.value)
    const url = sdk.scenarios.executeUrl(scenarioId)
    const request = { method: 'POST', url, header: header.name, signature, body: Buffer.from(body).toString('utf8') }
    return ctx.output().item(request)
  }
  let execution: Execution
  try {
    execution = await sdk.scenarios.execute(scenarioId, input, { secret: secret.value, signatureHeader: header.name })
  } catch (err) {
    throw explain(err, scenarioId, header.name, secret.source, header.source)
  }
  await ctx.output().item(execution)
  if (execution.status !== 'completed')
    throw new CliError(`scenario ${scenarioId}: run ${execution.id} ${execution.status}: ${oneLine(execution.output)}`)
}

/** The output of a failed run on one line, cut short, control characters dropped (it goes to stderr and CI logs). */
export function oneLine(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '')
  const s = text
    .replace(/\s+/g, ' ')
    .replace(/[\x00-\x1f\x7f-\x9f]/g, '')
    .trim()
  return s.length > 500 ? `${s.slice(0, 499)}…` : s || '(no output)'
}

/** Adds what to check to the errors a signed run can meet (401 signature, 409 disabled). */
export function explain(err: unknown, id: string, header: string, secretSource: string, headerSource: string): unknown {
  if (!(err instanceof ApiError)) return err
  if (err.status === 401)
    return new CliError(err.message, {
      exitCode: ExitCode.auth,
      hint: `the signature in ${header} (header from ${headerSource}) was refused: check the secret from ${secretSource} against scenario ${id}'s signature_secret`,
    })
  if (err.status === 409)
    return new CliError(err.message, { exitCode: ExitCode.conflict, hint: `scenario ${id} must be enabled to run` })
  return err
}
