// Shared by the CMS benches: start bench/cms-bench-server.mjs (the emulator with --latency, in its own process) and
// run the built CLI as a whole process, timing it and sampling its peak RSS (VmHWM, Linux /proc).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { runMeasured } from './measured-child.mjs'

const bin = new URL('../bin/agentry.cjs', import.meta.url).pathname

/** Starts the bench emulator with these collections (`{name: count}`); resolves to its address and a stop(). */
export async function startServer(collections, latencyMs = 20) {
  const spec = Object.entries(collections)
    .map(([k, v]) => `${k}:${v}`)
    .join(',')
  const child = spawn(process.execPath, [new URL('./cms-bench-server.mjs', import.meta.url).pathname], {
    env: { ...process.env, BENCH_COLLECTIONS: spec, BENCH_LATENCY: String(latencyMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  while (!out.includes('\n')) {
    const [chunk] = await once(child.stdout, 'data')
    out += chunk
  }
  const info = JSON.parse(out)
  return { ...info, stop: () => child.kill('SIGTERM') }
}

/** Runs `agentry <args>` against the server; resolves to {ms, rssMb}; rejects on a non-zero exit. */
export function runCli(server, args, configDir) {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      AGENTRY_BASE_URL: server.baseUrl,
      AGENTRY_ACCOUNT: server.accountId,
      AGENTRY_API_KEY: server.apiKey,
      AGENTRY_CONFIG_DIR: configDir,
      NO_COLOR: '1',
    }
    runMeasured([bin, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] }).then(({ code, ms, rssKb, stderr }) => {
      if (code !== 0) reject(new Error(`agentry ${args.join(' ')} exited ${code}: ${stderr}`))
      else resolve({ ms, rssMb: rssKb ? rssKb / 1024 : NaN })
    })
  })
}
