// The one way a bench runs the built CLI as a whole process and measures it: wall time, and peak resident memory
// (VmHWM) and CPU time (user + system) sampled from Linux's /proc every 10 ms (undefined elsewhere).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

function sample(pid, peak) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    if (m) peak.kb = Math.max(peak.kb ?? 0, Number(m[1]))
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    peak.cpuMs = ((Number(stat[11]) + Number(stat[12])) * 1000) / 100 // utime + stime, in clock ticks of 1/100 s
  } catch {
    // gone, or not Linux
  }
}

/**
 * Runs `node <args>` with `env` and `stdio` (spawn's); resolves when it exits to {code, ms, rssKb, cpuMs, stderr}
 * (stderr is collected when it is piped).
 */
export function runMeasured(args, { env, stdio }) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, args, { env, stdio })
    let stderr = ''
    child.stderr?.on('data', (c) => (stderr += c))
    const peak = {}
    const timer = setInterval(() => sample(child.pid, peak), 10)
    child.on('exit', (code) => {
      clearInterval(timer)
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      resolve({ code, ms, rssKb: peak.kb, cpuMs: peak.cpuMs, stderr })
    })
  })
}

/** Peak RSS in kB as whole MiB ('n/a' where /proc gave none). */
export const mib = (kb) => (kb ? (kb / 1024).toFixed(0) : 'n/a')

/**
 * The speed-up of a bulk command (`--batch`, `agentry test`) at `concurrency` against one at a time, printed as a
 * table: one at a time is measured on `sample` items and scaled to `count` (the start-up, a 1-item run, is paid
 * once and not scaled), then `count` items run at `concurrency`. `once(n, concurrency)` runs the CLI on n items and
 * resolves to runMeasured's result. Resolves to {scaled (ms), par (the concurrent run's result)}.
 */
export async function scaledSpeedUp({ noun, count, sample, concurrency, once }) {
  console.log(`${`${noun}s`.padStart(5)}  concurrency   seconds  ${`${noun}s/s`.padStart(7)}   peak RSS MiB`)
  const row = (n, c, r, note = '') =>
    console.log(
      [
        String(n).padStart(5),
        String(c).padStart(12),
        (r.ms / 1000).toFixed(2).padStart(9),
        String(Math.round(n / (r.ms / 1000))).padStart(8),
        mib(r.rssKb).padStart(14),
      ].join(' ') + note,
    )
  const fixed = await once(1, 1)
  row(1, 1, fixed, '   (start-up: not scaled)')
  const one = await once(sample, 1)
  row(sample, 1, one)
  const scaled = fixed.ms + ((one.ms - fixed.ms) * count) / sample
  console.log(
    `${String(count).padStart(5)} ${'1'.padStart(12)} ${(scaled / 1000).toFixed(2).padStart(9)}   (start-up + the ${sample}-${noun} sample's per-${noun} time × ${count})`,
  )
  const par = await once(count, concurrency)
  row(count, concurrency, par)
  console.log(`speed-up at --concurrency ${concurrency}: ${(scaled / par.ms).toFixed(1)}× (target ≥ 10×)`)
  return { scaled, par }
}
