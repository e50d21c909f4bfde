// A `--require` probe for the tests that run many CLI processes to show a race handled (a lock, a shared file): the
// race is made, not hoped for. The processes leave marks in one folder, count each other's, and wait for each other
// there (bounded by a minute) at the point the race is about, through the fs functions a test's probe patches.
import { writeFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { tempDir } from './temp-dir.js'

/** A probe written to its folder: how to load it into a process, and how to read its marks. */
export interface MeetingProbe {
  /** NODE_OPTIONS for a process that runs it */
  nodeOptions: string
  /** how many marks match `what` */
  said(what: RegExp): Promise<number>
}

/**
 * Writes a probe whose `body` (CommonJS, run in each process before the CLI) has, besides Node's `fs` and `fsp`
 * (node:fs/promises) and fs's own readFileSync, statSync, readdirSync and existsSync as they were before any patch:
 * - `marks`, the folder, `say(mark)` leaves a mark there and `said(re)` counts the marks that match;
 * - `meet(done)`, a promise that polls `done()` every 5 ms until it is true or a minute has passed; `meetSync(done)`
 *   the same, blocking, for a patched synchronous call;
 * - `sayWhenHeld(lock)`: a process that reads the owner file of `lock` and finds another process's pid there says
 *   `held-<pid>` (it waited for a live writer's lock).
 */
export function meetingProbe(prefix: string, body: string): MeetingProbe {
  const marks = tempDir(prefix)
  const file = join(marks, 'probe.cjs')
  writeFileSync(
    file,
    `const fs = require('node:fs'), fsp = require('node:fs/promises')
const { readFileSync, statSync, readdirSync, existsSync, writeFileSync } = fs
const marks = ${JSON.stringify(marks)}
const say = (mark) => writeFileSync(marks + '/' + mark, '')
const said = (re) => readdirSync(marks).filter((f) => re.test(f)).length
const meetSync = (done) => {
  const until = Date.now() + 60000, pause = new Int32Array(new SharedArrayBuffer(4))
  while (!done() && Date.now() < until) Atomics.wait(pause, 0, 0, 5)
}
const meet = (done) => new Promise((resolve) => {
  const until = Date.now() + 60000
  const poll = setInterval(() => { if (done() || Date.now() > until) { clearInterval(poll); resolve() } }, 5)
})
const sayWhenHeld = (lock) => {
  const read = fs.readFileSync
  fs.readFileSync = function (p, ...rest) {
    const text = read.call(this, p, ...rest)
    try { if (String(p) === lock && JSON.parse(text).pid !== process.pid) say('held-' + process.pid) } catch {}
    return text
  }
}
${body}
`,
  )
  return {
    nodeOptions: `--require ${file}`,
    said: async (what) => (await readdir(marks)).filter((f) => what.test(f)).length,
  }
}
