// What a batch tells the user besides its results: the one-line summary, GitHub Actions annotations and the exit
// code (docs/commands.md "Batch runs").
import { ExitCode } from '../errors.js'
import { sanitizeText } from '../text/sanitize.js'
import type { BatchItem, BatchKind } from './input.js'
import type { JunitCase } from './junit.js'
import type { ResultLine } from './results.js'

/** `12 runs: 10 completed (3 from --resume), 1 failed, 1 refused, 2 not run in 3.4 s`. */
export function summaryLine(kind: BatchKind, cases: JunitCase[], ms: number): string {
  const count = new Map<string, number>()
  let earlier = 0
  for (const c of cases) {
    const key = c.result ? c.result.status : 'not run'
    count.set(key, (count.get(key) ?? 0) + 1)
    if (c.earlier) earlier++
  }
  const ok = kind === 'webhook' ? 'received' : 'completed'
  const parts = [`${count.get(ok) ?? 0} ${ok}${earlier ? ` (${earlier} from --resume)` : ''}`]
  for (const s of ['failed', 'refused', 'error', 'not run']) if (count.get(s)) parts.push(`${count.get(s)} ${s}`)
  const noun = kind === 'webhook' ? 'trigger' : 'run'
  return `${cases.length} ${noun}${cases.length === 1 ? '' : 's'}: ${parts.join(', ')} in ${(ms / 1000).toFixed(1)} s`
}

/** A workflow command's data escaped (GitHub's toolkit: %, CR and LF), after the terminal sanitiser. */
const workflowData = (s: string) => sanitizeText(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')

/** One `::error::` line for a run that did not succeed (GitHub Actions shows it on the job's summary). */
export function annotation(job: { kind: BatchKind; target: string }, item: BatchItem, r: ResultLine): string {
  const run = r.runId ? `run ${r.runId} ` : ''
  return `::error title=${job.kind} ${workflowData(job.target).replace(/[:,]/g, '')} input ${item.index}::input ${item.index} (line ${item.line}): ${run}${r.status}: ${workflowData(r.error ?? '')}\n`
}

/**
 * The batch's exit code from the codes of its unsuccessful runs: 0 when there are none; their one code when they
 * all share it (every run refused with 4: a wrong secret; 8: the service unreachable; 5: a disabled scenario or failed
 * runs); 5 when they differ (some runs were refused or failed).
 */
export function batchExitCode(codes: ReadonlyMap<number, number>): number {
  const distinct = new Set(codes.values())
  if (distinct.size === 0) return ExitCode.ok
  return distinct.size === 1 ? [...distinct][0]! : ExitCode.conflict
}
