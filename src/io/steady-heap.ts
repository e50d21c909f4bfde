// For commands that stream a lot through and keep almost nothing (a long chat answer, a CMS export or import).
import { setFlagsFromString } from 'node:v8'

/**
 * Keeps V8's heap from growing for the rest of this run when what streams through is garbage at once. A stream
 * allocates fast but keeps almost nothing; V8 still grows the young generation (to 32 MiB and more, e.g. after a full
 * GC that catches it half full) and lets the old generation grow by its default factor before it collects, and all
 * of it stays resident. The semi-space growth factor of 1 holds the young generation (bench/stream.mjs, peak RSS of
 * 1M tokens against 1k: 1.66× without it, 1.3–1.4× with it, at the same speed; --max-semi-space-size does nothing
 * once the heap exists); a heap-growing factor of 10% makes the old generation collect before it grows (cms export of
 * 20k → 100k records: 102 → 137 MB peak without it, 101 → 104 MB with it, no slower; a hard --max-old-space-size
 * would do the same but could fail a legitimately large record). Not in bin/agentry.cjs: set before start-up, it costs
 * every command ~10 ms. Process-wide: call it only in the CLI's own process, never from the library.
 */
export function holdSteadyHeap(): void {
  setFlagsFromString('--semi-space-growth-factor=1')
  setFlagsFromString('--heap-growing-percent=10')
}

/**
 * Keeps a long-running, mostly idle process (the `connect --handler` worker) from growing as its hot functions get
 * optimized: Maglev and TurboFan compile them after a few hundred polls, which pages in the compilers' code and keeps
 * their zones and the optimized code resident (bench/connect.mjs, 300 tasks: 78 MiB with them, 68 MiB without). The
 * interpreter and Sparkplug remain; a poller that waits on the network loses nothing. Process-wide, like the above.
 */
export function holdSteadyCode(): void {
  setFlagsFromString('--no-maglev')
  setFlagsFromString('--no-opt')
}
