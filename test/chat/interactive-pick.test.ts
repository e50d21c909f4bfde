import { describe, expect, it } from 'vitest'
import { pickAgent } from '../../src/chat/interactive/index.js'
import { fakePrompter, testContext } from '../helpers/test-context.js'
import { exitCodeOf } from '../../src/errors.js'

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
    const err = await pickAgent(t.ctx).catch((e: unknown) => e)
    expect(exitCodeOf(err)).toBe(2)
    expect(err).toMatchObject({ message: 'this account has no agents to chat with' })
  })
})

// `agentry chat` without an agent id (commands.md "chat"): a terminal gets the picker, a script a usage error.
describe('agentry chat without an agent id', () => {
  const agents = (t: ReturnType<typeof testContext>) =>
    t.http.intercept({ path: agentsPath, method: 'GET' }).reply(200, {
      data: [
        { id: 'ag_1', name: 'Support' },
        { id: 'ag_2', name: 'Writer' },
      ],
      pagination: { page: 1, page_count: 1 },
    })

  it('on a terminal asks which agent, then chats with the one picked', async () => {
    const prompter = fakePrompter(['ag_2'])
    const t = testContext({ tty: true, prompter })
    agents(t)
    // stdin is empty: the chat starts, shows its banner and ends at the first prompt
    expect(await t.run(['chat'])).toBe(0)
    expect(prompter.asked).toEqual([{ kind: 'select', message: 'Chat with which agent?' }])
    expect(t.stderr()).toContain('chat with ag_2')
  })

  it('does not ask when AGENTRY_AGENT names the agent', async () => {
    const prompter = fakePrompter([])
    const t = testContext({ tty: true, prompter, env: { AGENTRY_AGENT: 'ag_1' } })
    expect(await t.run(['chat'])).toBe(0)
    expect(prompter.asked).toEqual([])
    expect(t.stderr()).toContain('chat with ag_1')
  })

  it.each([
    ['piped, with -m', false, ['chat', '-m', 'hi']],
    ['piped, message on stdin', false, ['chat']],
    ['a terminal, but -m makes it one-shot', true, ['chat', '-m', 'hi']],
  ])('is a usage error naming <agentId> and AGENTRY_AGENT when not interactive (%s)', async (_, tty, argv) => {
    const prompter = fakePrompter([])
    const t = testContext({ tty, prompter, stdin: 'hello' })
    expect(await t.run(argv)).toBe(2)
    expect(prompter.asked).toEqual([])
    expect(t.stderr()).toContain('agentry chat <agentId>')
    expect(t.stderr()).toContain('AGENTRY_AGENT')
    expect(t.stdout()).toBe('')
  })
})
