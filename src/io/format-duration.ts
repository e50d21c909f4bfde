// A duration for people, the one spelling of the chat's usage line and `scenario runs`: "850 ms", "1.2 s",
// "2 m 05 s".

/** A duration for people: "850 ms", "1.2 s", "2 m 05 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)} m ${String(s % 60).padStart(2, '0')} s`
}
