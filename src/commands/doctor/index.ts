// `agentry doctor`: with the current profile, read-only probes of every operation that can be
// probed safely (src/doctor/probe.ts), one line each: ok, 404, 401/403, shape differs (which member), time. Exit 0
// only when every documented or seed operation answered as declared; else the code of the worst line (errors.ts).
import type { Context } from '../../context.js'
import { CliError, ExitCode } from '../../errors.js'
import { holdsToDeclaration, type ProbeResult, probeAll } from '../../doctor/probe.js'
import type { Field } from '../../io/output.js'
import { defineCommand } from '../define.js'

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

async function doctorRun(ctx: Context): Promise<void> {
  const transport = (await ctx.sdk()).transport
  // a run with no account says so once, before any probe
  transport.accountId()
  const results = await probeAll(transport)
  // the server's words pass through the run's redactor, like every other line we print
  const shown = results.map((r) => (r.detail ? { ...r, detail: ctx.redactor.text(r.detail) } : r))
  await ctx.output().list(shown, fields)
  const failing = shown.filter((r) => r.exitCode !== 0 && holdsToDeclaration(r))
  const notProbed = shown.filter((r) => r.verdict === 'not-probed').length
  ctx.info(
    `${shown.length - notProbed} probed, ${notProbed} not probed; ${failing.length} documented or seed operations did not answer as declared`,
  )
  if (failing.length > 0)
    throw new CliError(`${failing.length} documented or seed operations did not answer as declared`, {
      exitCode: oneCode(failing.map((r) => r.exitCode)),
      hint: 'attach `agentry doctor --json` to a bug report (secrets are redacted)',
    })
}

export default defineCommand({
  path: ['doctor'],
  summary: "Probe the service's read-only operations; check each answer against its declaration",
  examples: ['agentry doctor', 'agentry doctor --json', 'agentry doctor --emulator'],
  helpAfter: `
Sends GET, HEAD and OPTIONS only, never a write. Ids come from earlier lists (an agent from agents list); an
operation no list gives an id for is "not probed". Verdicts: ok, not-found (404), refused (401/403),
shape-differs (the member named), needs-input (400), failed, not-probed. Exit codes: 0 every documented or seed
operation answered as declared; else the code those rows share (3 all 404, 4 all refused, 7 all shape-differs),
or 1 when they differ.`,
  run: (_opts, ctx) => doctorRun(ctx),
})
