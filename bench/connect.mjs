// `agentry connect` (issue 39): how long a queued task waits before its handler starts (goal: under 0.5 s past the
// poll interval), and the worker's RSS over 1,000 tasks (goal: flat, under 80 MiB). The emulator and the worker are
// processes of their own; tasks are queued by asking the desktop-relay agent (a non-streamed completion that returns
// once the worker has answered). The handler prints its own start time (`date +%s%N`), which is its answer, so the
// wait is measured between the task's created_at (the emulator's clock) and the handler's clock, the same machine.
// BENCH_CONNECT_TASKS (default 1000) and BENCH_CONNECT_SAMPLES (default 6) change the counts.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { benchEnv, startEmulator } from './emulator-process.mjs'

const bin = new URL('../bin/agentry.cjs', import.meta.url).pathname
const tasks = Number(process.env.BENCH_CONNECT_TASKS ?? 1000)
const samples = Number(process.env.BENCH_CONNECT_SAMPLES ?? 6)
const emu = await startEmulator(process.execPath, bin)

/** Asks desktop-relay once; resolves to {createdAt, answer} once the worker answered. */
async function relay(text) {
  const res = await fetch(`${emu.baseUrl}/agent/desktop-relay/chat/completion`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: text }], stream: false }),
  })
  const body = await res.json()
  const answer = body.choices?.[0]?.message?.content ?? JSON.stringify(body)
  return answer
}

/** The created_at of the newest task (the emulator's queue, through the CLI's own route). */
async function newestTask() {
  const res = await fetch(`${emu.baseUrl}/desktop/tasks?accountId=${emu.account}`, {
    headers: { authorization: `Bearer ${emu.apiKey}` },
  })
  const { tasks: all } = await res.json()
  return all.at(-1)
}

function startWorker(intervalSeconds) {
  const { env } = benchEnv(emu, 'agentry-bench-connect-', {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...(process.env.AGENTRY_LOG ? { AGENTRY_LOG: process.env.AGENTRY_LOG } : {}),
    ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
  })
  const worker = spawn(
    process.execPath,
    [
      bin,
      'connect',
      '--handler',
      'date +%s%N',
      '--approve',
      'all',
      '--interval',
      String(intervalSeconds),
      '-o',
      'ndjson',
    ],
    { env, stdio: ['ignore', 'ignore', process.env.BENCH_MEM ? 'inherit' : 'ignore'] },
  )
  return worker
}

/** VmRSS, and its anonymous part (the heap, malloc) and file-backed part (the node binary's pages as code runs), MiB */
const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 1024
  return { all: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') }
}
const stop = async (p) => {
  p.kill('SIGINT')
  await new Promise((r) => p.once('exit', r))
}

try {
  // 1. the wait at the default interval (5 s): tasks queued at random moments of the poll cycle
  const worker = startWorker(5)
  await new Promise((r) => setTimeout(r, 1500))
  const waits = []
  for (let i = 0; i < samples; i++) {
    await new Promise((r) => setTimeout(r, Math.random() * 5000))
    const answer = await relay(`sample ${i}`)
    const task = await newestTask()
    const startedMs = Number(BigInt(answer.trim()) / 1_000_000n)
    waits.push(startedMs - Date.parse(task.created_at))
  }
  await stop(worker)
  waits.sort((a, b) => a - b)
  console.log(
    `queued → handler started, --interval 5 (${samples} tasks): median ${waits[Math.floor(samples / 2)]} ms, max ${waits.at(-1)} ms (goal: max < 5500 ms)`,
  )

  // 2. RSS over many tasks, polling fast so that the run is short
  const fast = startWorker(0.02)
  await new Promise((r) => setTimeout(r, 1500))
  const rss = []
  const started = Date.now()
  for (let i = 1; i <= tasks; i++) {
    await relay(`task ${i}`)
    if (i === 10 || i % Math.max(1, Math.floor(tasks / 4)) === 0) rss.push([i, rssMiB(fast.pid)])
  }
  const seconds = (Date.now() - started) / 1000
  await stop(fast)
  console.log(
    `worker RSS after n tasks, MiB (anonymous + file-backed): ${rss.map(([n, m]) => `${n}: ${m.all.toFixed(1)} (${m.anon.toFixed(1)} + ${m.file.toFixed(1)})`).join(', ')} (goal: flat, < 80); ${tasks} tasks in ${seconds.toFixed(1)} s`,
  )
} finally {
  emu.server.kill('SIGINT')
}
