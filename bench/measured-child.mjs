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
