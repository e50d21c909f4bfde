// The answer cache of `agentry test --cache`: an answer is kept under the SHA-256 of everything that made it — the
// service (base URL and account), the target and its definition (a digest of what `agents get` / `scenarios get`
// returns, read once per target per run: an agent changed on the service is asked again), the whole request
// (messages, tools, max_tokens, or a scenario's input) — and the repeat index, so run 2 of a repeated case never gets
// run 1's answer: each repeat is asked once and then reused as itself. A target whose definition cannot be read is
// never answered from the cache (nothing says it is unchanged). Judges are asked again on every run, cached answer
// or not, so a changed judge or rubric grades anew. One JSON file per answer under <cache dir>/test-answers/
// (written atomically, mode 0600: answers may hold what the agent was told) with the time it was asked; an unreadable
// or foreign file is a miss, and a write that fails is skipped (the run says so once): the cache never fails a case.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../io/atomic-file.js'
import { isRecord } from '../api/is-record.js'
import type { Answer } from './ask.js'

/** The format of a cached answer (a new one makes earlier files misses). */
const version = 2

/** A target as the cache keys it: its kind, its id and a digest of its definition. */
export interface CachedTarget {
  kind: string
  ref: string
  definition: string
}

/** The digest of a target's definition as the service returns it. */
export const definitionDigest = (definition: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(definition) ?? '')
    .digest('hex')

/** Answers by request. */
export class AnswerCache {
  private readonly dir: string
  private warned = false
  /** answers given from the cache this run, and when the oldest of them was asked (ms since the epoch) */
  readonly used = { answers: 0, oldestAt: Number.POSITIVE_INFINITY }
  constructor(
    root: string,
    /** the service the answers came from: base URL and account */
    private readonly service: string,
    /** told once when an answer cannot be kept */
    private readonly warn: (line: string) => void,
    /** the clock of `asked at` */
    private readonly now: () => number = Date.now,
  ) {
    this.dir = join(root, 'test-answers')
  }

  /** The key of one request's answer for one repeat. */
  key(target: CachedTarget, request: unknown, repeat: number): string {
    const text = JSON.stringify({
      v: version,
      service: this.service,
      target: [target.kind, target.ref, target.definition],
      request,
      repeat,
    })
    return createHash('sha256').update(text).digest('hex')
  }

  private file(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`)
  }

  async get(key: string): Promise<Answer | undefined> {
    let v: unknown
    try {
      v = JSON.parse(await readFile(this.file(key), 'utf8'))
    } catch {
      return undefined
    }
    if (!isRecord(v) || v.v !== version || v.key !== key || !isRecord(v.answer) || typeof v.at !== 'number')
      return undefined
    const a = v.answer
    if (!(typeof a.text === 'string' && Array.isArray(a.toolCalls) && typeof a.latencyMs === 'number')) return undefined
    this.used.answers++
    this.used.oldestAt = Math.min(this.used.oldestAt, v.at)
    return a as unknown as Answer
  }

  /** Keeps an answer; one that cannot be written (a full disk, a read-only cache) is said once, and the run goes on. */
  async put(key: string, answer: Answer): Promise<void> {
    try {
      await writeFileAtomic(this.file(key), JSON.stringify({ v: version, key, at: this.now(), answer }), {
        mode: 0o600,
        createDir: true,
      })
    } catch (err) {
      if (this.warned) return
      this.warned = true
      const code = (err as NodeJS.ErrnoException).code ?? 'error'
      this.warn(`answers are not kept for later runs: the cache ${this.dir} cannot be written (${code})`)
    }
  }

  /** `12 answers from the cache of earlier runs, the oldest asked 3 h ago (--no-cache asks again)`, or nothing. */
  note(): string | undefined {
    const { answers, oldestAt } = this.used
    if (answers === 0) return undefined
    return `${answers} answer${answers === 1 ? '' : 's'} from the cache of earlier runs, the oldest asked ${age(this.now() - oldestAt)} ago (--no-cache asks again)`
  }
}

/** `40 s`, `12 min`, `3 h`, `2 days` */
function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.round(s / 60)} min`
  if (s < 86_400) return `${Math.round(s / 3600)} h`
  const d = Math.round(s / 86_400)
  return `${d} day${d === 1 ? '' : 's'}`
}
