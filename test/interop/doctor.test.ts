// `agentry doctor` (issue 28 item 6): against the emulator every probed operation answers as declared (exit 0);
// against a server that knows only the documented shapes it lists what that server lacks, and sends no write.
import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DocumentedServer, startDocumentedServer } from '../helpers/documented-server.js'
import { documentedAccount, documentedRoutes } from '../helpers/documented-routes.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { testContext } from '../helpers/test-context.js'
import { runCommand } from '../helpers/run-command.js'

interface Line {
  operation: string
  method: string
  provenance: string
  verdict: string
  status?: number
  ms?: number
  detail?: string
}

const fx = emulatorFixture()

describe('agentry doctor against the emulator', () => {
  it('probes every read-only operation it can fill, all ok, exit 0', async () => {
    const t = emulatorContext(fx)
    const code = await t.run(['doctor', '--json'])
    expect(t.stderr()).toContain('did not answer as declared')
    expect(code).toBe(0)
    const lines = (JSON.parse(t.stdout()) as { probes: Line[] }).probes
    expect(lines.every((l) => ['GET', 'HEAD', 'OPTIONS'].includes(l.method))).toBe(true)
    const probed = lines.filter((l) => l.verdict !== 'not-probed')
    // the login page wants its query (client_id, …): there, and answering 400 to none
    expect(probed.filter((l) => l.verdict !== 'ok').map((l) => [l.operation, l.verdict])).toEqual([
      ['oauthAuthorize', 'needs-input'],
    ])
    // ids filled from earlier lists: an agent's record and card from the agents list
    expect(probed.map((l) => l.operation)).toEqual(expect.arrayContaining(['agentsList', 'agentsGet', 'agentCard']))
    // the desktop queue's reads, whose account goes in the query (the probe fills it in)
    expect(probed.filter((l) => l.operation.startsWith('desktop')).map((l) => [l.operation, l.verdict])).toEqual([
      ['desktopAccessGet', 'ok'],
      ['desktopTasksList', 'ok'],
    ])
    expect(probed.every((l) => typeof l.ms === 'number')).toBe(true)
    expect(lines.find((l) => l.operation === 'chatMessages')?.detail).toMatch(/^not probed: needs an id \(chatId\)/)
  })

  it('--emulator: the run of its own emulator, all ok, exit 0', async () => {
    const t = testContext({
      env: { AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined },
    })
    t.agent.enableNetConnect(/^127\.0\.0\.1:/)
    expect(await t.run(['--emulator', 'doctor', '--json']), t.stderr()).toBe(0)
    const lines = (JSON.parse(t.stdout()) as { probes: Line[] }).probes
    expect(lines.filter((l) => l.verdict === 'ok').length).toBeGreaterThan(10)
    expect(lines.filter((l) => !['ok', 'not-probed', 'needs-input'].includes(l.verdict))).toEqual([])
  })

  it('prints a table on a terminal, the key never shown', async () => {
    const t = emulatorContext(fx, { tty: true })
    expect(await t.run(['doctor'])).toBe(0)
    expect(t.stdout()).toMatch(/OPERATION\s+METHOD\s+PATH\s+PROVENANCE\s+VERDICT/)
    expect(t.stdout()).toMatch(/agentsList\s+GET/)
    expect(t.stdout() + t.stderr()).not.toContain(fx.env().AGENTRY_API_KEY)
  })
})

describe('agentry doctor against the documented server', () => {
  let doc: DocumentedServer
  beforeAll(async () => {
    doc = await startDocumentedServer(documentedRoutes())
  })
  afterAll(() => doc.close())
  const key = 'bsy_doc_secret_0123456789'
  const env = () => ({ AGENTRY_BASE_URL: doc.baseUrl, AGENTRY_ACCOUNT: documentedAccount, AGENTRY_API_KEY: key })

  it('lists what the server lacks, sends no write, and exits non-zero', async () => {
    const before = doc.requests.length
    const r = await runCommand(['doctor', '--json'], { env: env() })
    const sent = doc.requests.slice(before)
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.filter((q) => !['GET', 'HEAD', 'OPTIONS'].includes(q.method))).toEqual([])
    const lines = (JSON.parse(r.stdout) as { probes: Line[] }).probes
    const agents = lines.find((l) => l.operation === 'agentsList')
    expect(agents?.verdict).toBe('ok')
    const lacking = lines.filter((l) => l.verdict === 'not-found').map((l) => l.operation)
    expect(lacking.length).toBeGreaterThan(0)
    const heldLacking = lines.filter(
      (l) => l.verdict !== 'ok' && l.verdict !== 'not-probed' && ['documented', 'seed'].includes(l.provenance),
    )
    // the seed operations this server lacks (skills, the agent card) are 404s: exit 3, named on stderr
    expect(heldLacking.map((l) => l.verdict)).toEqual(heldLacking.map(() => 'not-found'))
    expect(heldLacking.map((l) => l.operation)).toEqual(expect.arrayContaining(['skillsList', 'agentCard']))
    expect(r.exitCode).toBe(3)
    expect(r.stderr).toContain(`${heldLacking.length} documented or seed operations did not answer as declared`)
    expect(r.stdout + r.stderr).not.toContain(key)
  })
})

describe('agentry doctor names what differs', () => {
  let doc: DocumentedServer
  const key = 'bsy_doc_secret_0123456789'
  beforeAll(async () => {
    const answer = (status: number, body: unknown) => ({
      handle: ({ res }: { res: ServerResponse }) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      },
    })
    doc = await startDocumentedServer([
      // an agent whose id is a number: the member is named; a refusal that echoes the key: redacted
      { method: 'GET', pattern: '/{accountId}/agents/{agentId}', ...answer(200, { id: 5, name: 'x' }) },
      {
        method: 'GET',
        pattern: '/{accountId}/skills',
        ...answer(403, { error: { message: `key ${key} lacks scope` } }),
      },
      // a chat from the chats list fills {chatId} of its messages (chatsList → chatId)
      { method: 'GET', pattern: '/agent/{agentId}/chats', ...answer(200, [{ id: 'chat_1' }]) },
      {
        method: 'GET',
        pattern: '/agent/{agentId}/chat/completion/workspace/{chatId}/messages',
        ...answer(200, { data: [] }),
      },
      ...documentedRoutes(),
    ])
  })
  afterAll(() => doc.close())

  it('shape differs (which member), refused (403), the key redacted, exit 1 for mixed failures', async () => {
    const env = { AGENTRY_BASE_URL: doc.baseUrl, AGENTRY_ACCOUNT: documentedAccount, AGENTRY_API_KEY: key }
    const r = await runCommand(['doctor', '--json'], { env })
    const lines = (JSON.parse(r.stdout) as { probes: Line[] }).probes
    const get = lines.find((l) => l.operation === 'agentsGet')
    expect(get?.verdict).toBe('shape-differs')
    expect(get?.detail).toMatch(/\.id: /)
    const skills = lines.find((l) => l.operation === 'skillsList')
    expect([skills?.verdict, skills?.status]).toEqual(['refused', 403])
    expect(r.stdout + r.stderr).not.toContain(key)
    expect(lines.find((l) => l.operation === 'chatMessages')?.verdict).not.toBe('not-probed')
    expect(doc.requests.map((q) => q.path)).toContain('/agent/ag_doc_1/chat/completion/workspace/chat_1/messages')
    // seed rows failing differently (403 and 404): no one code fits, exit 1
    expect(r.exitCode).toBe(1)
  })
})
