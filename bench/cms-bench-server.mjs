// The emulator of the CMS benches, in its own process (the benches time CLI processes; an emulator in the bench's
// own event loop would share its CPU time with the sampling). It answers with --latency (BENCH_LATENCY ms), seeds
// the collections named in BENCH_COLLECTIONS (`name:count,…`) with copies of the demo posts straight into its state
// (100 000 records in well under a second, instead of 100 000 requests), then prints one JSON line: where it is.
import { createEmulator } from '../dist/emulator.js'

const latency = Number(process.env.BENCH_LATENCY ?? 20)
const emu = await createEmulator({ port: 0, seed: 'demo', scheduler: false, log: () => {}, latency: { ms: latency } })
const posts = [...emu.state.cms.get('posts').values()]
for (const spec of (process.env.BENCH_COLLECTIONS ?? '').split(',').filter(Boolean)) {
  const [name, count] = spec.split(':')
  const records = new Map()
  for (let i = 0; i < Number(count); i++) {
    const id = `b_${String(i).padStart(7, '0')}`
    records.set(id, { ...posts[i % posts.length], id })
  }
  emu.state.cms.set(name, records)
}
process.stdout.write(`${JSON.stringify({ baseUrl: emu.baseUrl, accountId: emu.accountId, apiKey: emu.demoApiKey })}\n`)
process.on('SIGTERM', () => emu.close().then(() => process.exit(0)))
