// What a command that talks to the service needs, in one module the Context loads on first use: the credential,
// the HTTP core, and the library's client (its Transport over the HTTP core). One dynamic import: the build writes this
// module and all it imports as one chunk (the API core, scripts/build.mjs `coreChunks`), which every other module
// loaded with import() that uses part of it imports first. Commands that never call the service don't load it.
export { noAccountError, notLoggedIn } from './auth/credential.js'
export { resolveCredential } from './auth/resolve-credential.js'
export { AgentryClient } from './sdk/client.js'
export { Transport } from './sdk/transport.js'
export { HttpClient } from './api/request.js'
// The contract's families and their schemas (with zod) stay out: a value the generated checks accept
// (./accept.gen.ts) needs neither, so `agents list` loads no zod (start-up budget).
