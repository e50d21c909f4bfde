// The local emulator of the service (ARCHITECTURE.md "emulator/"): createEmulator starts a real HTTP server on
// 127.0.0.1 that serves the shared route table with demo data, the scripted model, fault injection and test hooks.
// It is bundled as dist/emulator.js and also started in-process by `--emulator`, so start-up stays cheap.
import type { Server } from 'node:http'
import { createRequire } from 'node:module'
import { basePathSuffix } from '../api/routes.js'
import { cancelRunningTasks } from './a2a/tasks.js'
import { FaultInjector } from './faults.js'
import { newHookToken, ownHosts } from './guard.js'
import { allHandlers } from './handlers/index.js'
import { loadState, SnapshotWriter } from './persistence.js'
import { routerFor } from './router.js'
import { type Scheduler, startScheduler } from './scheduler.js'
import { demoApiKey, ensureDemoKey, seedState } from './seed.js'
import { demoSecrets } from './seed-resources.js'
import { resourceSeeders } from './seeders.js'
import { createPipeline, onClientError } from './server.js'
import { EmulatorState } from './state.js'
import { RequestLog } from './test-hooks.js'
import type { Emulator, EmulatorOptions, HandlerEnv } from './types.js'

// `import … from 'node:http'` makes Node build an ESM facade of the module, which loads its bundled undici
// (~25 ms at start); require() does not, and `--emulator` starts an emulator on every command.
const { createServer } = createRequire(import.meta.url)('node:http') as typeof import('node:http')

export { DataFileError } from './persistence.js'
export { demoKeys } from './seed.js'

/**
 * The demo scenarios' and webhooks' secrets still in `state` as published (public demo data, seed-resources.ts):
 * the start banner prints them so a newcomer can run `scenario run` at once. A changed secret is never listed.
 */
export function publishedDemoSecrets(
  state: EmulatorState,
): { kind: 'scenario' | 'webhook'; id: string; header: string; secret: string }[] {
  const out: { kind: 'scenario' | 'webhook'; id: string; header: string; secret: string }[] = []
  for (const [id, d] of Object.entries(demoSecrets.scenarios)) {
    const s = state.scenarios.get(id)
    if (s?.signature_secret === d.secret) out.push({ kind: 'scenario', id, header: s.signature_name, secret: d.secret })
  }
  for (const [id, secret] of Object.entries(demoSecrets.webhooks)) {
    if (state.webhooks.get(id)?.secret === secret) out.push({ kind: 'webhook', id, header: 'X-Webhook-Secret', secret })
  }
  return out
}
export type { Emulator, EmulatorOptions } from './types.js'

/** Thrown when the port is taken. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} is already in use`)
    this.name = 'PortInUseError'
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => reject(e.code === 'EADDRINUSE' ? new PortInUseError(port) : e)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      const addr = server.address()
      resolve(typeof addr === 'object' && addr !== null ? addr.port : port)
    })
  })
}

/** Starts an emulator; resolves once it listens. */
export async function createEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const seedKind = opts.seed ?? 'demo'
  const now = opts.now ?? Date.now
  const seeders = resourceSeeders(now)
  const loaded = opts.dataFile ? await loadState(opts.dataFile) : undefined
  const state = loaded ?? new EmulatorState()
  if (loaded) ensureDemoKey(state)
  else seedState(state, seedKind, seeders)
  const env: HandlerEnv = { state, now, options: opts }
  const report = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const writer = opts.dataFile
    ? new SnapshotWriter(opts.dataFile, () => state, report, { retryMs: opts.saveRetryMs })
    : undefined
  const hookToken = opts.hookToken ?? newHookToken()
  const hosts = new Set<string>()
  const latency = { ms: opts.latency?.ms ?? 0, jitterMs: opts.latency?.jitterMs ?? 0 }
  const faults = new FaultInjector()
  const log = new RequestLog()
  const origin = { value: '' }
  const pipeline = createPipeline({
    router: routerFor(basePathSuffix),
    handlers: allHandlers(),
    env,
    faults,
    log,
    origin,
    changed: () => writer?.changed(),
    report,
    logRequests: opts.logRequests ?? opts.log !== undefined,
    hosts,
    latency,
    hooks: {
      state: () => state,
      faults,
      log,
      token: hookToken,
      hosts,
      latency,
      async reset(seed) {
        for (const f of state.inflight.values()) f.controller.abort()
        cancelRunningTasks(env)
        const fresh = new EmulatorState()
        fresh.accountId = state.accountId
        seedState(fresh, seed ?? seedKind, seeders)
        // the same object stays in place: the scheduler and the handlers hold it
        Object.assign(state, fresh)
        faults.clear()
        log.clear()
        writer?.changed()
      },
    },
  })
  const server = createServer({ keepAlive: true, keepAliveTimeout: 30_000 }, pipeline)
  server.on('clientError', onClientError)
  const host = opts.host ?? '127.0.0.1'
  const port = await listen(server, opts.port ?? 0, host)
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  origin.value = url
  for (const h of ownHosts(host, port)) hosts.add(h)
  if (!loaded) writer?.changed()
  const scheduler: Scheduler | undefined = opts.scheduler === false ? undefined : startScheduler(env)
  let closing: Promise<void> | undefined
  return {
    url,
    baseUrl: url + basePathSuffix,
    accountId: state.accountId,
    demoApiKey,
    hookToken,
    get state() {
      return state
    },
    close() {
      closing ??= (async () => {
        for (const f of state.inflight.values()) f.controller.abort()
        cancelRunningTasks(env)
        await scheduler?.stop()
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        // streams still open get a moment to end by themselves, then their sockets go
        const grace = setTimeout(() => server.closeAllConnections(), 200)
        await closed
        clearTimeout(grace)
        // a last snapshot always: the scheduler (or a test) may have changed the state outside a request
        await writer?.close()
      })()
      return closing
    },
  }
}
