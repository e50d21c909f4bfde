// What a command that talks to the service needs: the credential, the HTTP core, and the library's client (its
// Transport over the HTTP core). Part of the core chunk (src/core-chunk.ts), so the Context imports it statically.
export { noAccountError, notLoggedIn } from './auth/credential.js'
export { resolveCredential } from './auth/resolve-credential.js'
export { AgentryClient } from './sdk/client.js'
export { Transport } from './sdk/transport.js'
export { HttpClient } from './api/request.js'
// The contract's families and their schemas (with zod) stay out: a value the generated checks accept
// (./accept.gen.ts) needs neither, so `agents list` loads no zod (start-up budget).
