// `agentry doctor`: first the run's set-up, every piece listed (src/doctor/setup.ts); then, when nothing is missing,
// read-only probes of every operation that can be probed safely (src/doctor/probe.ts), one line each: ok, 404,
// 401/403, shape differs (which member), time. No retries, each answer read up to a bound, the whole run within
// --max-time. A service that cannot be reached is said once and ends the probes (exit 8). Exit 0 only when every
// documented or seed operation answered as declared; else the code of the worst line (errors.ts).
import { Transport } from '../../api-core.js'
import type { Context } from '../../context.js'
import { CliError, ExitCode, exitCodeOf } from '../../errors.js'
import { holdsToDeclaration, type ProbeResult, type ProbeStop, probeAll } from '../../doctor/probe.js'
import { type SetupRow, setupRows } from '../../doctor/setup.js'
import type { Field } from '../../io/output.js'
import { defineCommand } from '../define.js'
import { decimal } from '../options.js'

/** The most bytes of one answer a probe reads: a list page is far smaller; a longer answer is not what was declared. */
const probeBodyLimit = 1024 * 1024

const fields: Field<ProbeResult>[] = [
  { header: 'OPERATION', get: (r) => r.operation, id: true },
  { header: 'METHOD', get: (r) => r.method },
  { header: 'PATH', get: (r) => r.path },
  { header: 'PROVENANCE', get: (r) => r.provenance },
  { header: 'VERDICT', get: (r) => r.verdict },
  { header: 'STATUS', get: (r) => r.status ?? '' },
  { header: 'MS', get: (r) => r.ms ?? '' },
  { header: 'DETAIL', get: (r) => r.detail ?? '' },
]

/** The lines' one exit code (all 404: 3, all refused: 4, all shape: 7), or 1 when they differ. */
function oneCode(codes: number[]): number {
  const distinct = new Set(codes)
  return distinct.size === 1 ? codes[0]! : ExitCode.error
}

/** A set-up row in words, for stderr: `account: missing — agentry login sets it; …`. */
function setupLine(r: SetupRow): string {
  const value = r.value === null ? r.state : `${r.value}${r.source ? ` (${r.source})` : ''}`
  const state = r.state === 'ok' || r.value === null ? '' : ` [${r.state}]`
  return `${r.check}: ${value}${state}${r.detail ? ` — ${r.detail}` : ''}`
}

/** What the report is: the set-up, the probes, and why they stopped when they did. */
interface Report {
  setup: SetupRow[]
  probes: ProbeResult[]
  stopped?: 'unreachable' | 'bound'
}

async function printReport(ctx: Context, report: Report): Promise<void> {
  const out = ctx.output()
  if (out.format === 'json' || out.format === 'yaml' || out.format === 'ndjson') return out.item(report)
  for (const r of report.setup) ctx.info(setupLine(r))
  // an unreachable service is said once, by the error: not by a row per operation
  if (report.probes.length > 0 && report.stopped !== 'unreachable') await out.list(report.probes, fields)
}

/** The set-up has a hole: every missing piece listed, then the way on (exit 4 without a credential, else 2). */
function setupFailure(setup: SetupRow[]): CliError | undefined {
  const bad = setup.filter((r) => r.state !== 'ok' && r.check !== 'credential-server')
  if (bad.length === 0) return undefined
  const refused = bad.find((r) => r.state === 'refused')
  const credential = bad.some((r) => r.check === 'credential')
  return new CliError(`not ready to reach the service: ${bad.map((r) => `${r.check} ${r.state}`).join(', ')}`, {
    exitCode: credential ? ExitCode.auth : ExitCode.usage,
    hint: refused
      ? refused.detail
      : 'to get started: agentry login (or agentry login --from-brightsy); to try with no account: agentry --emulator doctor',
  })
}

/** The error a stop of the probes ends the run with: the network problem once (8), or the bound (124). */
function stopFailure(stop: ProbeStop, maxTime: number): CliError {
  if (stop.kind === 'bound')
    return new CliError(`doctor did not finish within --max-time ${maxTime} s; the rows left are not probed`, {
      exitCode: ExitCode.timeout,
      hint: 'raise --max-time (seconds) to probe them',
    })
  return new CliError(`could not reach the service, so no operation was probed further: ${stop.error.message}`, {
    exitCode: exitCodeOf(stop.error),
    hint: stop.error.hint ?? 'check your network connection and the base URL (agentry config list)',
  })
}

async function doctorRun(ctx: Context, maxTime: number): Promise<void> {
  const [settings, credential] = await Promise.all([ctx.settings(), ctx.credential()])
  const setup = setupRows(settings, credential)
  const missing = setupFailure(setup)
  if (missing) {
    await printReport(ctx, { setup, probes: [] })
    throw missing
  }
  const sdk = await ctx.sdk()
  // the run's bound: every probe's signal, and each one's timeout (a probe never waits longer than the run may)
  const bound = AbortSignal.any([AbortSignal.timeout(maxTime * 1000), ctx.abort.signal])
  const http = sdk.transport.http.derive({
    retries: 0,
    maxBodyBytes: probeBodyLimit,
    timeoutMs: Math.min(maxTime * 1000, (settings.timeout?.value ?? 300) * 1000),
    signal: bound,
  })
  const transport = new Transport(http, sdk.transport.baseUrl, sdk.transport.accountId())
  let outcome: Awaited<ReturnType<typeof probeAll>>
  try {
    outcome = await probeAll(transport, bound)
  } finally {
    await http.close()
  }
  ctx.checkCancelled()
  // the server's words pass through the run's redactor, like every other line we print
  const probes = outcome.results.map((r) => (r.detail ? { ...r, detail: ctx.redactor.text(r.detail) } : r))
  const stop = outcome.stop
  await printReport(ctx, { setup, probes, ...(stop ? { stopped: stop.kind } : {}) })
  if (stop?.kind === 'unreachable') throw stopFailure(stop, maxTime)
  const held = probes.filter((r) => r.exitCode !== 0 && holdsToDeclaration(r))
  const refused = held.filter((r) => r.verdict === 'refused')
  // a connection that broke mid-answer is the network's doing, not an answer that differs
  const broken = held.filter((r) => r.exitCode === ExitCode.network || r.exitCode === ExitCode.timeout)
  const differs = held.filter((r) => r.verdict !== 'refused' && !broken.includes(r))
  const notProbed = probes.filter((r) => r.verdict === 'not-probed').length
  ctx.info(
    `${probes.length - notProbed} probed, ${notProbed} not probed; ${differs.length} documented or seed operations did not answer as declared${refused.length ? `; ${refused.length} refused the credential` : ''}${broken.length ? `; ${broken.length} lost the connection` : ''}`,
  )
  if (stop) throw stopFailure(stop, maxTime)
  if (held.length === 0) return
  const what = [
    differs.length && `${differs.length} documented or seed operations did not answer as declared`,
    refused.length && `${refused.length} refused the credential (401/403: its scopes?)`,
    broken.length && `${broken.length} lost the connection before the answer was complete`,
  ].filter(Boolean)
  throw new CliError(what.join('; '), {
    exitCode: oneCode(held.map((r) => r.exitCode)),
    hint: differs.length
      ? 'attach `agentry doctor --json` to a bug report (secrets are redacted)'
      : 'check the credential: agentry whoami',
  })
}

export default defineCommand({
  path: ['doctor'],
  summary: "List what the set-up lacks, then check the service's read-only answers against their declarations",
  options: {
    maxTime: decimal('--max-time <seconds>', 'bound on the whole run, at most 3600 (default 60)', {
      above: 0,
      max: 3600,
      unit: 'seconds',
      default: 60,
    }),
  },
  examples: ['agentry doctor', 'agentry doctor --json', 'agentry doctor --emulator', 'agentry doctor --max-time 20'],
  helpAfter: `
First the set-up, every piece listed: base-url, account, credential, credential-server (where the credential may
be sent), each with where it came from; anything missing ends the run there (4 without a credential, else 2).
Then it sends GET, HEAD and OPTIONS only, never a write, without retries, reading at most 1 MiB of each answer,
all within --max-time. Ids come from earlier lists (an agent from agents list); an operation no list gives an id
for is "not probed". Verdicts: ok, not-found (404), refused (401/403), shape-differs (the member named),
needs-input (400), failed, unreachable, not-probed. A service that cannot be reached is said once and ends the
probes (exit 8); the bound reached exits 124. Otherwise: 0 every documented or seed operation answered as
declared; else the code those rows share (3 all 404, 4 all refused, 7 all shape-differs), or 1 when they differ.`,
  run: (opts, ctx) => doctorRun(ctx, opts.maxTime),
})
