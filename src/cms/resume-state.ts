// The small state files that let `cms export --resume` and `cms import --resume` continue an interrupted run: a
// JSON object beside the output (or input) file that names the job (collection, query, shard…) and how far it got.
// It is replaced by rename, so a run killed at any moment leaves either the old state or the new one, never half.
import { readFile, rm } from 'node:fs/promises'
import { isDeepStrictEqual } from 'node:util'
import { UsageError } from '../api/errors.js'
import { writeFileAtomic } from '../io/atomic-file.js'

/** A state file: the job it belongs to (compared on resume) and the progress made. */
export interface ResumeState<J, P> {
  version: 1
  job: J
  progress: P
}

/** Reads a state file; undefined when there is none; a usage error when it is not ours. */
async function readResumeState<J, P>(path: string): Promise<ResumeState<J, P> | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new UsageError(`${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
  }
  try {
    const s = JSON.parse(text) as ResumeState<J, P>
    if (s?.version === 1 && typeof s.job === 'object' && typeof s.progress === 'object') return s
  } catch {
    // reported below
  }
  throw new UsageError(`${path} is not a resume state of agentry`, 'remove it and run again without --resume')
}

/**
 * The state to resume from: the saved one when its job is `job` exactly; a usage error (exit 2) when there is none
 * or it belongs to another job (another collection, query or shard), so nothing is mixed into the wrong output.
 */
export async function resumeFrom<J, P>(path: string, job: J, what: string): Promise<ResumeState<J, P>> {
  const s = await readResumeState<J, P>(path)
  if (!s) throw new UsageError(`nothing to resume: ${path} is missing`, `run the ${what} without --resume`)
  if (!isDeepStrictEqual(s.job, job)) {
    const diff = Object.keys({ ...s.job, ...job } as object).filter(
      (k) => !isDeepStrictEqual((s.job as Record<string, unknown>)[k], (job as Record<string, unknown>)[k]),
    )
    throw new UsageError(
      `cannot resume: the interrupted ${what} had another ${diff.join(', ')} (${path})`,
      `give the same collection and options as the interrupted run, or run without --resume to start over`,
    )
  }
  return s
}

/** Writes the state atomically (src/io/atomic-file.ts). */
export async function writeResumeState<J, P>(path: string, job: J, progress: P): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify({ version: 1, job, progress } satisfies ResumeState<J, P>)}\n`)
}

/** Removes a state file (the job is complete). */
export async function removeResumeState(path: string): Promise<void> {
  await rm(path, { force: true })
}
