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
 * Keeps undici's HTTP parser (llhttp, WebAssembly: every streamed answer goes through it) in V8's baseline WebAssembly
 * compiler for a short stream. By default V8 compiles its hot functions again with TurboFan once ~13 MB of its code
 * has run, which a chat reaches with its first answer: ~130 ms of CPU on a compiler thread (a one-shot `chat -m
 * hello` against the emulator: 500-590 ms of CPU and 92 MiB peak RSS with it, 350-375 ms and 67 MiB without), more than the whole answer's parsing
 * gains from it. With the budget 15 times as large, a long stream still gets the optimized parser (`count to 1000`:
 * the same CPU either way). Process-wide, like the above.
 */
export function holdWasmTierUp(): void {
  setFlagsFromString('--wasm-tiering-budget=200000000')
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
