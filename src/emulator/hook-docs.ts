// The test hooks, documented once: `emulator start --help` prints them with a curl example each, and an unknown
// hook's 404 lists them. Plain data without imports, so the CLI's help does not load the emulator.

/** Every hook, with an example, for `emulator start --help` (the token comes from the start banner). */
export const hookDocs: readonly { route: string; what: string; body?: string }[] = [
  {
    route: 'POST /__emulator/faults',
    what: 'add a fault rule',
    body: '{"match":{"path":"/api/v1beta/"},"status":503,"count":2}',
  },
  { route: 'GET /__emulator/faults', what: 'list the fault rules' },
  { route: 'DELETE /__emulator/faults', what: 'remove every fault rule' },
  { route: 'POST /__emulator/latency', what: 'delay every API answer', body: '{"ms":200,"jitterMs":50}' },
  { route: 'GET /__emulator/latency', what: 'show the delay' },
  { route: 'POST /__emulator/reset', what: 'reseed the state (clears faults and the log)', body: '{"seed":"demo"}' },
  { route: 'GET /__emulator/requests', what: 'the last 1000 requests, secrets redacted' },
  { route: 'DELETE /__emulator/requests', what: 'clear the request log' },
  { route: 'GET /__emulator/counters', what: 'counters (requests, refreshes, …)' },
]
