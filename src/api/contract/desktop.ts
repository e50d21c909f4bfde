// The desktop family (public-facts 5): the queue through which a hosted agent hands a task to the user's own machine
// or CI runner and waits for its answer (`agentry connect`, docs/connect.md). Routes hang off {base_url} with no
// account in the path: it travels in the query (reads) or the body (access). The library's methods are written by
// hand (src/sdk/desktop.ts) because they fill the account in there.
import {
  desktopAccessQuerySchema,
  desktopAccessSchema,
  desktopAccessSetSchema,
  desktopTaskResponseSchema,
  desktopTasksQuerySchema,
  desktopTasksSchema,
  desktopTaskUpdateSchema,
} from '../schemas/desktop.js'
import { type Contract, inferred, op } from './types.js'

const source = 'sideboard packages/core/src/brightsy/api.ts (BrightsySideboardApi)'

/** The desktop task queue. */
export const desktop = {
  desktopAccessGet: op('GET', '/desktop/access', {
    provenance: inferred(`${source} getAccess: GET …/desktop/access?accountId= → {enabled, allow_always}`),
    scope: 'account',
    query: desktopAccessQuerySchema,
    response: desktopAccessSchema,
    sdk: 'desktop.access.get',
    sdkByHand: true,
    doc: "The account's desktop access: `{enabled, allow_always}`.",
    command: 'connect access',
  }),
  desktopAccessSet: op('PUT', '/desktop/access', {
    provenance: inferred(`${source} setAccess: PUT …/desktop/access {accountId, enabled, allow_always}`),
    scope: 'account',
    body: desktopAccessSetSchema,
    response: desktopAccessSchema,
    sdk: 'desktop.access.set',
    sdkByHand: true,
    doc: 'Turns desktop access on or off; `allow_always` lets tasks skip the confirmation step on the service.',
    command: 'connect access',
  }),
  desktopTasksList: op('GET', '/desktop/tasks', {
    provenance: inferred(`${source} getTasks: GET …/desktop/tasks?status&accountId → {tasks}`),
    scope: 'account',
    query: desktopTasksQuerySchema,
    response: desktopTasksSchema,
    sdk: 'desktop.tasks.list',
    sdkByHand: true,
    doc: "The account's desktop tasks, of one `status` or all (`{tasks}`, not paged).",
    command: 'connect tasks, connect show, connect',
  }),
  desktopTaskUpdate: op('PATCH', '/desktop/tasks/{taskId}', {
    provenance: inferred(`${source} approveTask, markRunning: PATCH …/desktop/tasks/{id}`),
    scope: 'account',
    body: desktopTaskUpdateSchema,
    sdk: 'desktop.tasks.approve, desktop.tasks.start',
    sdkByHand: true,
    doc: 'Approves a task awaiting confirmation (`{action:"approve"}`) or marks it running (`{task_status:"running"}`).',
    command: 'connect approve, connect',
  }),
  desktopTaskRespond: op('POST', '/desktop/tasks/{taskId}/response', {
    provenance: inferred(`${source} submitResponse: POST …/desktop/tasks/{id}/response {response}`),
    scope: 'account',
    body: desktopTaskResponseSchema,
    sdk: 'desktop.tasks.respond',
    sdkByHand: true,
    doc: "Posts the task's answer (`{response}`), which the waiting agent reads.",
    command: 'connect respond, connect',
  }),
} satisfies Contract<'desktop'>
