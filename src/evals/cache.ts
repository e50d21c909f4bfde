// The answer cache of `agentry test --cache`: an answer is kept under the SHA-256 of everything that
// made it — the service (base URL and account), the target, the whole request (messages, tools, max_tokens, or a
// scenario's input) — and the repeat index, so run 2 of a repeated case never gets run 1's answer: each repeat is
// asked once and then reused as itself. One JSON file per answer under <cache dir>/test-answers/ (written atomically,
// mode 0600: answers may hold what the agent was told); an unreadable or foreign file is a miss, and a write that
// fails is skipped (the run says so once): the cache never fails a case.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../io/atomic-file.js'
import { isRecord } from '../api/is-record.js'
import type { Answer } from './ask.js'

/** The format of a cached answer (a new one makes earlier files misses). */
const version = 1

/** Answers by request. */
export class AnswerCache {
  private readonly dir: string
  private warned = false
  constructor(
    root: string,
    /** the service the answers came from: base URL and account */
    private readonly service: string,
    /** told once when an answer cannot be kept */
    private readonly warn: (line: string) => void,
  ) {
    this.dir = join(root, 'test-answers')
  }

  /** The key of one request's answer for one repeat. */
  key(target: { kind: string; ref: string }, request: unknown, repeat: number): string {
    const text = JSON.stringify({
      v: version,
      service: this.service,
      target: [target.kind, target.ref],
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
    if (!isRecord(v) || v.v !== version || v.key !== key || !isRecord(v.answer)) return undefined
    const a = v.answer
    return typeof a.text === 'string' && Array.isArray(a.toolCalls) && typeof a.latencyMs === 'number'
      ? (a as unknown as Answer)
      : undefined
  }

  /** Keeps an answer; one that cannot be written (a full disk, a read-only cache) is said once, and the run goes on. */
  async put(key: string, answer: Answer): Promise<void> {
    try {
      await writeFileAtomic(this.file(key), JSON.stringify({ v: version, key, answer }), {
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
}
