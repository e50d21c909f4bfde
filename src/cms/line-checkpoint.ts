// How far an import got, for --resume: lines are started in order and finish in any order, so the checkpoint is
// the last line before the first one still in flight. Lines that failed are remembered, so a resume sends them
// again (a save is idempotent) and skips only what is known to be saved.

/** The most failed lines remembered; past it the checkpoint stops at the first one not remembered. */
const maxRememberedFailures = 10_000

/** The progress of one import. */
export class LineCheckpoint {
  private readonly inFlight = new Set<number>()
  private launched: number
  private blockedAt = Number.POSITIVE_INFINITY
  /** failed lines (at or before the checkpoint, they are sent again on resume) */
  readonly failed: number[]

  constructor(after = 0) {
    this.launched = after
    this.failed = []
  }

  /** A line is being sent (lines come in increasing order). */
  start(line: number): void {
    this.inFlight.add(line)
    this.launched = Math.max(this.launched, line)
  }

  /** A line needs nothing (blank, another shard's): passed over. */
  pass(line: number): void {
    this.launched = Math.max(this.launched, line)
  }

  /** A line finished; `failed` when it was not saved. */
  finish(line: number, failed: boolean): void {
    this.inFlight.delete(line)
    if (!failed) return
    if (this.failed.length < maxRememberedFailures) this.failed.push(line)
    else this.blockedAt = Math.min(this.blockedAt, line)
  }

  /** Every line up to this one is done (saved, failed and remembered, or passed over). */
  get mark(): number {
    let m = this.launched
    for (const l of this.inFlight) if (l - 1 < m) m = l - 1
    return Math.min(m, this.blockedAt - 1)
  }
}
