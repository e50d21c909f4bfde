// The zod schemas of the service's bodies (spec/service-interface.md, spec/wire.md), shared by the client and the
// emulator. Response schemas are loose (.loose()): a server may add members; the client keeps them.
// One module a resource family, so that a command builds only the schemas it uses (building every schema cost
// ~10 ms on each run); this index re-exports them all for code that needs many.
export * from './agents.js'
export * from './automation.js'
export * from './common.js'
export * from './content.js'
export * from './messages.js'
export * from './oauth.js'
export * from './desktop.js'
