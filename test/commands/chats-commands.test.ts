// `agentry chats delete-message`: the --yes rule of destructive verbs (ARCHITECTURE.md "Verbs"): asks on a terminal,
// needs --yes otherwise, and sends nothing unless confirmed.
import { describe, expect, it } from 'vitest'
import { stubCall } from '../helpers/http-stub.js'
import { fakePrompter, testContext } from '../helpers/test-context.js'

const path = '/api/v1beta/agents/ag_1/chat/completion/workspace/chat_1/messages/msg_1'
const argv = ['chats', 'delete-message', 'ag_1', 'chat_1', 'msg_1']

describe('chats delete-message', () => {
  it('off a terminal, refuses without --yes (exit 2, nothing sent) and deletes with it', async () => {
    const t = testContext()
    expect(await t.run(argv)).toBe(2)
    expect(t.stderr()).toMatch(/--yes/)
    t.clearOutput()
    const bodies = stubCall(t, 'DELETE', path, 204)
    expect(await t.run([...argv, '--yes'])).toBe(0)
    expect(bodies).toEqual([undefined])
    expect(t.stderr()).toBe('deleted message msg_1\n')
    expect(t.stdout()).toBe('')
  })

  it('on a terminal, asks first: yes deletes, no prints "not deleted", exits 0 and sends nothing', async () => {
    const yes = fakePrompter([true])
    const t = testContext({ tty: true, prompter: yes })
    const bodies = stubCall(t, 'DELETE', path, 204)
    expect(await t.run(argv)).toBe(0)
    expect(bodies).toHaveLength(1)
    expect(yes.asked).toEqual([{ kind: 'confirm', message: 'Delete message msg_1 of chat chat_1?' }])

    const no = fakePrompter([false])
    const u = testContext({ tty: true, prompter: no })
    expect(await u.run(argv)).toBe(0)
    expect(no.asked).toHaveLength(1)
    expect(u.stderr()).toBe('not deleted\n')
  })
})

describe('chats messages', () => {
  const messages = {
    data: [
      { id: 'm1', role: 'user', content: [{ type: 'text', text: 'weather in Oslo?' }], createdAt: 't1' },
      {
        id: 'm2',
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
        usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
        createdAt: 't2',
      },
      { id: 'm3', role: 'tool', tool_call_id: 'c1', name: 'get_weather', content: '{"temp":3}', createdAt: 't3' },
      {
        id: 'm4',
        role: 'assistant',
        content: [{ type: 'text', text: 'It is 3°C.' }],
        usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 },
        createdAt: 't4',
      },
    ],
  }
  const list = '/api/v1beta/agent/ag_1/chat/completion/workspace/chat_1/messages'

  it('renders through the 2.8 conversion: a call and its result in one assistant turn, usage added up', async () => {
    const t = testContext()
    t.http.get(list).reply(200, messages)
    expect(await t.run(['chats', 'messages', 'ag_1', 'chat_1'])).toBe(0)
    expect(t.stdout()).toBe('m1\tuser\tt1\t\tweather in Oslo?\nm2\tassistant\tt2\t19\t[get_weather() ✓] It is 3°C.\n')
  })

  it('--json keeps the service messages as they are', async () => {
    const t = testContext()
    t.http.get(list).reply(200, messages)
    expect(await t.run(['chats', 'messages', 'ag_1', 'chat_1', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toEqual(messages.data)
  })
})

describe('chats create', () => {
  it('prints a fresh UUID made on the client and sends nothing (the service has no create call)', async () => {
    const t = testContext()
    expect(await t.run(['chats', 'create', 'ag_1', '--json'])).toBe(0)
    const made = JSON.parse(t.stdout())
    expect(made).toEqual({ id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/), agentId: 'ag_1' })
    t.clearOutput()
    expect(await t.run(['chats', 'create', 'ag_1', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout()).id).not.toBe(made.id)
  })
})
