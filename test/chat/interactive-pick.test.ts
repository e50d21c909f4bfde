import { describe, expect, it } from 'vitest'
import { pickAgent } from '../../src/chat/interactive/index.js'
import { fakePrompter, testContext } from '../helpers/test-context.js'

const agentsPath = (p: string) => p.startsWith('/api/v1beta/acc_1/agents?')

describe('pickAgent', () => {
  it('lists every agent and asks which one, showing names with ids', async () => {
    const prompter = fakePrompter(['ag_2'])
    const t = testContext({ tty: true, prompter })
    t.http.intercept({ path: agentsPath, method: 'GET' }).reply(200, {
      data: [
        { id: 'ag_1', name: 'Support', description: 'answers tickets' },
        { id: 'ag_2', name: 'ag_2' },
      ],
      pagination: { page: 1, page_count: 1 },
    })
    expect(await pickAgent(t.ctx)).toBe('ag_2')
    expect(prompter.asked).toEqual([{ kind: 'select', message: 'Chat with which agent?' }])
  })

  it('is a usage error when the account has no agents', async () => {
    const t = testContext({ tty: true, prompter: fakePrompter([]) })
    t.http
      .intercept({ path: agentsPath, method: 'GET' })
      .reply(200, { data: [], pagination: { page: 1, page_count: 1 } })
    await expect(pickAgent(t.ctx)).rejects.toMatchObject({
      exitCode: 2,
      message: 'this account has no agents to chat with',
    })
  })
})
