// The sending pass of `cms import`: every line is saved with PUT under its stable identity
// (src/cms/import-identity.ts), n at a time, so a retry, a re-run or a resume never duplicates. A line whose answer
// was lost (reset, timeout, 5xx) is read back from the server before it is called failed. Ctrl-C stops reading,
// lets the saves in flight finish, and leaves a state file for --resume (src/commands/cms/import.ts documents the files).
import {
  failedLine,
  forEachConcurrent,
  type ImportItem,
  parseImportLine,
  publishStep,
  saveBody,
} from '../cms/import-export.js'
import { holdsItem, lineIdentity } from '../cms/import-identity.js'
import { LineCheckpoint } from '../cms/line-checkpoint.js'
import { resumeFrom, writeResumeState, removeResumeState } from '../cms/resume-state.js'
import { inShard, type Shard, shardLabel } from '../io/shard.js'
import type { Context } from '../context.js'
import { ApiError, UsageError } from '../errors.js'
import type { AtomicFile } from '../io/atomic-file.js'
import type { NumberedLine } from '../io/lines.js'
import type { Progress } from '../io/progress.js'

/** How an import runs. */
export interface ImportRunOptions {
  concurrency: number
  ignoreIds: boolean
  resume: boolean
  shard?: Shard | undefined
}

/** What an import did. */
export interface ImportTally {
  created: number
  updated: number
  skipped: number
  failed: number
  /** the first failed lines, with their reasons */
  failures: { line: number; error: string }[]
  /** why the import stopped before the end (Ctrl-C, a refused credential) */
  stopped?: string
}

/** The failed lines listed in the report (all of them go to the failed-lines file). */
const maxListedFailures = 20

interface ImportJob {
  collection: string
  ignoreIds: boolean
  shard: string | null
}
interface ImportProgress {
  mark: number
  failed: number[]
}

/** The state file of an import of `file` (one per shard, so shards may run side by side). */
export const importStateOf = (file: string, shard?: Shard) =>
  `${file}.agentry-import${shard ? `-${shard.index}of${shard.count}` : ''}.json`

/** Saves `lines` into `collection`; `statePath` is where --resume state lives (none for stdin). */
export async function sendLines(
  ctx: Context,
  collection: string,
  lines: AsyncIterable<NumberedLine>,
  o: ImportRunOptions,
  out: { statePath: string | undefined; failedFile: AtomicFile | undefined; progress: Progress; total?: number },
): Promise<ImportTally> {
  const cms = (await ctx.sdk()).cms
  const job: ImportJob = { collection, ignoreIds: o.ignoreIds, shard: shardLabel(o.shard) ?? null }
  if (o.resume && !out.statePath) throw new UsageError('--resume needs a file', 'stdin cannot be continued')
  const saved = o.resume
    ? (await resumeFrom<ImportJob, ImportProgress>(out.statePath!, job, 'import')).progress
    : undefined
  const retry = new Set(saved?.failed ?? [])
  const cp = new LineCheckpoint(saved?.mark ?? 0)
  const t: ImportTally = { created: 0, updated: 0, skipped: 0, failed: 0, failures: [] }
  let writes = Promise.resolve()
  let lastSave = Date.now()
  const save = () => {
    if (!out.statePath) return
    const progress: ImportProgress = { mark: cp.mark, failed: [...cp.failed] }
    writes = writes.then(() => writeResumeState(out.statePath!, job, progress))
  }
  const fail = (line: number, error: string, text: string) => {
    t.failed++
    if (t.failures.length < maxListedFailures) t.failures.push({ line, error })
    if (out.failedFile) {
      const f = out.failedFile
      writes = writes.then(() => f.write(failedLine(line, error, text)))
    }
    cp.finish(line, true)
  }
  // the exported publish state (publishStep): a line saved but not published as it was is a failed line, sent
  // again by --resume (PUT and publish are both idempotent)
  const keepPublishState = async (
    line: number,
    item: ImportItem,
    id: string,
    saved: { publishedAt?: string | null | undefined },
    text: string,
  ): Promise<boolean> => {
    const step = publishStep(item, saved)
    if (step === undefined) return true
    try {
      await cms[step](collection, id)
      return true
    } catch (err) {
      fail(line, `saved, but not ${step}ed: ${err instanceof Error ? err.message : String(err)}`, text)
      return false
    }
  }
  const saveLine = async (line: number, item: ImportItem, text: string) => {
    const id = lineIdentity(collection, line, item, o.ignoreIds)
    try {
      const { created, record } = await cms.put(collection, id, saveBody(item))
      if (!(await keepPublishState(line, item, id, record, text))) return
      t[created ? 'created' : 'updated']++
      cp.finish(line, false)
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err)
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        t.stopped ??= `stopped after ${err.status} ${err.serverMessage}`
        return fail(line, why, text)
      }
      // a 4xx is the server's refusal; anything else may have been saved with its answer lost: look before telling
      if (err instanceof ApiError && err.status < 500) return fail(line, why, text)
      const check = await readBack(() => cms.get(collection, id, 'cma'), item)
      if (check.found) {
        if (!(await keepPublishState(line, item, id, check.found, text))) return
        t.updated++
        cp.finish(line, false)
      } else fail(line, `${why} (${check.why})`, text)
    }
  }
  const releaseInterrupt = ctx.onInterrupt(() => {
    t.stopped ??= 'the import was interrupted'
  })
  async function* untilStopped(): AsyncGenerator<NumberedLine> {
    for await (const l of lines) {
      if (t.stopped) return
      yield l
    }
  }
  try {
    await forEachConcurrent(untilStopped(), o.concurrency, async ({ line, text }) => {
      const r = parseImportLine(text)
      if (!inShard(line - 1, o.shard) || r.ok === 'blank') return cp.pass(line)
      if (saved && line <= saved.mark && !retry.has(line)) {
        t.skipped++
        return cp.pass(line)
      }
      cp.start(line)
      if (!r.ok) fail(line, r.error, text)
      else await saveLine(line, r.item, text)
      out.progress.update(t.created + t.updated + t.failed + t.skipped, out.total)
      if (Date.now() - lastSave >= 500) {
        lastSave = Date.now()
        save()
      }
    })
  } finally {
    releaseInterrupt()
    if (t.stopped || t.failed > 0) save()
    else if (out.statePath) writes = writes.then(() => removeResumeState(out.statePath!))
    await writes
  }
  return t
}

/**
 * The look after a save whose answer was lost: the record as saved, or why not. Only a 404 says it is not there; an
 * answer that is itself broken (malformed JSON, an HTML page, a cut-off body, a reset) says nothing either way.
 */
async function readBack<R extends { data?: unknown; tags?: unknown }>(
  get: () => Promise<R>,
  item: ImportItem,
): Promise<{ found: R; why?: undefined } | { found?: undefined; why: string }> {
  try {
    const record = await get()
    return holdsItem(record, item) ? { found: record } : { why: 'the server holds another version afterwards' }
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { why: 'not found on the server afterwards' }
    const what = err instanceof Error ? err.message : String(err)
    return { why: `could not check whether it was saved: the check failed too: ${what}; --resume sends it again` }
  }
}
