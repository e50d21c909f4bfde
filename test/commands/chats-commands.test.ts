// `agentry chats delete-message`: the --yes rule of destructive verbs (ARCHITECTURE.md "Verbs"): asks on a terminal,
// needs --yes otherwise, and sends nothing unless confirmed.
import { describe, expect, it } from 'vitest'
import { stubCall } from '../helpers/http-stub.js'
import { fakePrompter, testContext } from '../helpers/test-context.js'

const path = '/api/v1beta/agent/ag_1/chat/chat_1/messages/msg_1'
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

  it('on a terminal, asks first: yes deletes, no cancels with exit 130 and sends nothing', async () => {
    const yes = fakePrompter([true])
    const t = testContext({ tty: true, prompter: yes })
    const bodies = stubCall(t, 'DELETE', path, 204)
    expect(await t.run(argv)).toBe(0)
    expect(bodies).toHaveLength(1)
    expect(yes.asked).toEqual([{ kind: 'confirm', message: 'Delete message msg_1 of chat chat_1?' }])

    const no = fakePrompter([false])
    const u = testContext({ tty: true, prompter: no })
    expect(await u.run(argv)).toBe(130)
    expect(no.asked).toHaveLength(1)
    expect(u.stderr()).toMatch(/cancelled/)
  })
})
