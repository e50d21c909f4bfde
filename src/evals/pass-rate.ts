// The pass rate of repeated runs and how sure it is: the Wilson score interval (Wilson 1927), which stays inside
// 0–100% and is sound for few runs and for rates near 0 or 1, unlike the normal approximation. 95%: z = 1.96.

/** A share of runs that passed, with its 95% interval. */
export interface PassRate {
  passed: number
  runs: number
  /** passed / runs */
  rate: number
  /** the 95% Wilson score interval of the rate */
  low: number
  high: number
}

const z = 1.959964

/** The pass rate of `passed` out of `runs` (0 runs: rate 0, interval 0–1). */
export function passRate(passed: number, runs: number): PassRate {
  if (runs <= 0) return { passed: 0, runs: 0, rate: 0, low: 0, high: 1 }
  const p = passed / runs
  const z2 = z * z
  const centre = (p + z2 / (2 * runs)) / (1 + z2 / runs)
  const half = (z / (1 + z2 / runs)) * Math.sqrt((p * (1 - p)) / runs + z2 / (4 * runs * runs))
  const round = (x: number) => Math.round(x * 1000) / 1000
  return {
    passed,
    runs,
    rate: round(p),
    low: round(Math.max(0, centre - half)),
    high: round(Math.min(1, centre + half)),
  }
}

const percent = (x: number) => `${Math.round(x * 100)}%`

/** `83% (95% CI 55–95%)` */
export function formatPassRate(r: PassRate): string {
  return `${percent(r.rate)} (95% CI ${percent(r.low).replace('%', '')}–${percent(r.high)})`
}
