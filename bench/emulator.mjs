// Emulator throughput on loopback: requests/s and latency of `GET {base}/{account}/agents` over 32 keep-alive
// connections, completion streams/s with zero token delay, and the token rate of one long stream.
// The emulator runs in a child process so that the load generator does not share its event loop.
// Run: npm run build && node bench/emulator.mjs   (BENCH_SECONDS=5 by default, per phase)
import { fork } from 'node:child_process'
import { Pool } from 'undici'

if (process.argv[2] === '--serve') {
  const { createEmulator } = await import('../dist/emulator.js')
  const emu = await createEmulator({ port: 0, seed: 'demo', scheduler: false, tokenDelayMs: 0 })
  process.send({ url: emu.url, baseUrl: emu.baseUrl, accountId: emu.accountId, key: emu.demoApiKey })
  process.on('disconnect', () => emu.close().then(() => process.exit(0)))
} else {
  await main()
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5)
  const child = fork(new URL(import.meta.url).pathname, ['--serve'], { stdio: 'inherit' })
  const info = await new Promise((resolve) => child.once('message', resolve))
  const pool = new Pool(info.url, { connections: 32, pipelining: 1 })
  const auth = { authorization: `Bearer ${info.key}` }
  const base = new URL(info.baseUrl).pathname
  try {
    const list = await load(pool, 32, seconds, {
      method: 'GET',
      path: `${base}/${info.accountId}/agents`,
      headers: auth,
    })
    report('GET agents list (32 connections)', list, 'req/s')
    const streams = await load(pool, 32, seconds, {
      method: 'POST',
      path: `${base}/agent/demo-assistant/chat/completion`,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, messages: [{ role: 'user', content: 'count to 20' }] }),
    })
    report('streamed completions, 20 tokens each (32 connections)', streams, 'streams/s')
    const tokens = 200_000
    const t = performance.now()
    const res = await pool.request({
      method: 'POST',
      path: `${base}/agent/demo-assistant/chat/completion`,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        stream: true,
        max_tokens: tokens,
        messages: [{ role: 'user', content: `count to ${tokens}` }],
      }),
    })
    let bytes = 0
    for await (const chunk of res.body) bytes += chunk.length
    const s = (performance.now() - t) / 1000
    console.log(
      `one long stream: ${tokens} tokens in ${s.toFixed(2)} s = ${Math.round(tokens / s)} tokens/s (${(bytes / 1e6 / s).toFixed(1)} MB/s)`,
    )
  } finally {
    await pool.close()
    child.disconnect()
  }
}

/** Runs `concurrency` loops of one request each for `seconds`; returns counts and latencies. */
async function load(pool, concurrency, seconds, req) {
  const latencies = []
  let errors = 0
  const end = performance.now() + seconds * 1000
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now()
      try {
        const res = await pool.request(req)
        await res.body.dump({ limit: Number.POSITIVE_INFINITY })
        if (res.statusCode !== 200) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t)
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { count: latencies.length, errors, seconds: (performance.now() - t0) / 1000, latencies }
}

function report(name, r, unit) {
  const sorted = Float64Array.from(r.latencies).sort()
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2)
  console.log(
    `${name}: ${Math.round(r.count / r.seconds)} ${unit}, p50 ${pct(50)} ms, p99 ${pct(99)} ms, ${r.count} requests, ${r.errors} errors`,
  )
}
