// `agentry scenario run <id>`: a signed execution (service-interface 4.4, 5.5), once (run-single.ts) or once per
// line of a --batch file (run-batch.ts). Exit 0 only when the run completed.
import { batchFlags, checkBatch } from '../batch-options.js'
import { arg, defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom, flag, text } from '../options.js'
import { secretFlagGuard } from '../secret-flag.js'
import { scenarioRun } from './run-single.js'
import { runSigning, scenarioSecretEnv } from '../../scenario/signing.js'
import { headerName } from './write-options.js'

export default defineCommand({
  path: ['scenario', 'run'],
  summary: 'Run a scenario, signed with its secret (without it: scenario trigger); exit 0 only when it completed',
  args: { scenarioId: arg('<scenarioId>', 'the scenario') },
  options: {
    // first: a secret on the command line is refused before anything else is read
    secret: secretFlagGuard(scenarioSecretEnv),
    input: { ...text('--input <text>', 'the input text'), conflicts: ['inputFile'] },
    inputFile: custom(
      '--input-file <path>',
      'read the input from a file (- for stdin); default: piped stdin',
      nonEmpty('give a path, or - for stdin'),
    ),
    secretFile: custom(
      '--secret-file <path>',
      `file holding the signing secret (or env ${scenarioSecretEnv}, or the profile)`,
      nonEmpty('give a path'),
    ),
    signatureHeader: custom(
      '--signature-header <name>',
      "header carrying the signature (default: profile, else the scenario's)",
      headerName,
    ),
    dryRun: flag('--dry-run', 'print the request (body, header name, signature) without sending it'),
    ...batchFlags('run'),
  },
  examples: [
    `${scenarioSecretEnv}=… agentry scenario run scn_1 --input "Summarize this"`,
    'git log -1 --format=%B | agentry scenario run scn_1 --secret-file ~/.config/scn_1.secret --json',
    'agentry scenario run scn_1 --input-file ticket.txt --signature-header X-Signature -o json',
    'agentry scenario run scn_1 --input hi --dry-run',
    'agentry scenario run scn_1 --batch tickets.ndjson --results out.ndjson --junit junit.xml --concurrency 16',
    'agentry scenario run scn_1 --batch tickets.ndjson --results out.ndjson --resume out.ndjson --shard 2/4',
  ],
  helpAfter: `
Run or trigger? \`scenario run\` signs the run with the scenario's secret, as an external system does (a CI job that
holds the secret and no API credential). \`scenario trigger\` runs it with your login or API key instead, no secret
needed (a dashboard user who never saw the secret); its output, --json and --batch are the same.

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
  run: async (opts, ctx) => {
    const batch = checkBatch(opts, {
      '--input': opts.input !== undefined,
      '--input-file': opts.inputFile !== undefined,
      '--dry-run': opts.dryRun,
    })
    if (!batch) return scenarioRun(opts.scenarioId, opts, ctx)
    const { scenarioBatch } = await import('./run-batch.js')
    await scenarioBatch(opts.scenarioId, batch, ctx, async () => {
      const { secret, header } = await runSigning(ctx, opts.scenarioId, opts)
      const sdk = await ctx.sdk()
      const signing = { secret: secret.value, signatureHeader: header.name }
      return (input) => sdk.scenarios.execute(opts.scenarioId, input, signing)
    })
  },
})
