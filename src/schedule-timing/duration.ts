// Durations as people write them (`30s`, `5m`, `1h30m`, `30d`): `schedule --every` (→ intervalSeconds, wire.md
// "API keys and schedules") and `keys create --expires`. At most 36500d (100 years): anything longer is a typo, and
// would overflow what a date can hold (`99999999999d` from now is past the year 275760).

const units = [
  ['w', 604_800],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
] as const

const pattern = /^(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/

/** The longest duration taken, in seconds: 36500 days. */
const maxDurationSeconds = 36_500 * 86_400

/**
 * Seconds in `text` (units w, d, h, m, s, largest first, each at most once); undefined when it is not a duration,
 * the problem when it is one too long ("longer than 36500d (100 years)"), for each flag to name itself in its error.
 */
export function parseDuration(text: string): number | { problem: string } | undefined {
  const m = pattern.exec(text.trim().toLowerCase())
  if (!m || m.slice(1).every((g) => g === undefined)) return undefined
  let total = 0
  units.forEach(([, size], i) => {
    total += Number(m[i + 1] ?? 0) * size
  })
  // a sum past 2^53 is no longer exact, but it is then far past the limit all the same
  return total <= maxDurationSeconds ? total : { problem: 'longer than 36500d (100 years)' }
}

/** The shortest text for a number of seconds (5400 → 1h30m, 0 → 0s); parseDuration(formatDuration(n)) === n. */
export function formatDuration(seconds: number): string {
  let rest = Math.floor(seconds)
  let out = ''
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size)
    if (n > 0) out += `${n}${unit}`
    rest -= n * size
  }
  return out || '0s'
}
