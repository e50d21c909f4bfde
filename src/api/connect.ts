// What a command that talks to the service needs, in one module the Context loads on first use: the credential,
// the HTTP core and the API client. One dynamic import instead of three: each dynamic import is an entry point of
// the bundle, and each entry point a file of its own to load at start-up (bench/startup).
export { resolveCredential } from '../auth/resolve-credential.js'
export { ApiClient } from './client.js'
export { HttpClient } from './request.js'
