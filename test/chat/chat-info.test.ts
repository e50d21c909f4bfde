// One resume handle for a conversation (issue 22 item 14): /new in a stateful chat says the new chat's id, /info
// shows the service's chat id and the local log's id together with the command that resumes it, and `logs list`
// shows both ids side by side.
import { describe, expect, it } from 'vitest'
import { runCommand } from '../../src/chat/interactive/commands.js'
import { createUiStyle } from '../../src/chat/interactive/style.js'
import { createChatSession } from '../../src/chat/session.js'
import { whereKeptLines } from '../../src/commands/chat/logging.js'
import type { ChatOptions } from '../../src/commands/chat/options.js'
import { createRecorder, openLogStore } from '../../src/logs/index.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { emulatorContext } from '../helpers/emulator-context.js'
import { tempDir } from '../helpers/temp-dir.js'
import { collect, emuContext } from './helpers.js'

const fx = emulatorFixture({ emulator: quietEmulator })

describe('a stateful chat and its handles', () => {
  it('/new names the new chat; /info gives the chat id, the log id and the one command that resumes it', async () => {
    // the log in a directory of the test's own, never the user's state dir
    const { ctx } = emuContext(fx.emu, { AGENTRY_STATE_DIR: tempDir() })
    const store = await openLogStore(ctx)
    const recorder = await createRecorder(ctx, store)
    const session = await createChatSession({ ctx, agentId: 'demo-assistant', newChat: true, log: recorder })
    const first = session.chatId
    const shown: string[] = []
    const deps = {
      session,
      ui: (s: string) => shown.push(s),
      style: createUiStyle(false),
      columns: () => 80,
      images: [],
      attachments: [],
      tools: async () => [],
      answer: async () => undefined,
      env: {},
      terminalWrite: () => {},
      confirm: async () => false,
      whereKept: () =>
        whereKeptLines(session, { agentArg: undefined, words: [], continuation: undefined, recorder }, {
          save: undefined,
        } as ChatOptions),
      logId: () => recorder.nextConversationId,
    }
    await runCommand('new', '', deps)
    expect(session.chatId).not.toBe(first)
    // both ids at once (issue 33 item 15): the log's before anything is written, and it is the one used after
    const logId = /^new conversation: chat (\S+) · log (c[0-9a-f]{12})\n$/.exec(shown.join(''))
    expect(logId?.[1]).toBe(session.chatId)
    shown.length = 0
    await runCommand('info', '', deps)
    expect(shown.join('')).toContain(`log ${logId?.[2]}: not in the local log yet`)
    expect(shown.join('')).toContain(`resume with: agentry chat demo-assistant --chat ${session.chatId}`)
    await collect(session.send('hello'))
    shown.length = 0
    await runCommand('info', '', deps)
    const cid = recorder.conversationId
    expect(cid).toBe(logId?.[2])
    expect(shown.join('').split('\n').filter(Boolean)).toEqual([
      'agent demo-assistant',
      `chat ${session.chatId} (kept by the service)`,
      `log ${cid} (agentry logs show ${cid})`,
      `resume with: agentry chat --cid ${cid}`,
    ])
    expect(store.get(cid!)?.chat_id).toBe(session.chatId)
  })

  it('/new in a stateless chat names the id the log keeps it under, at once; without a log it says no id', async () => {
    const { ctx } = emuContext(fx.emu, { AGENTRY_STATE_DIR: tempDir() })
    const store = await openLogStore(ctx)
    const recorder = await createRecorder(ctx, store)
    const session = await createChatSession({ ctx, agentId: 'demo-assistant', log: recorder })
    await collect(session.send('hello'))
    const before = recorder.conversationId
    const shown: string[] = []
    const deps = {
      session,
      ui: (s: string) => shown.push(s),
      style: createUiStyle(false),
      columns: () => 80,
      images: [],
      attachments: [],
      tools: async () => [],
      answer: async () => undefined,
      env: {},
      terminalWrite: () => {},
      confirm: async () => false,
      logId: () => recorder.nextConversationId,
    }
    await runCommand('new', '', deps)
    const id = /^new conversation: log (c[0-9a-f]{12})\n$/.exec(shown.join(''))?.[1]
    expect(id).toBeDefined()
    expect(id).not.toBe(before)
    await collect(session.send('again'))
    expect(recorder.conversationId).toBe(id)
    expect(store.get(id!)?.agent_id).toBe('demo-assistant')
    shown.length = 0
    await runCommand('new', '', { ...deps, logId: undefined })
    expect(shown.join('')).toBe('new conversation\n')
  })

  it('logs list shows the service chat id beside the log id; -c goes on with that chat on the service', async () => {
    const t = emulatorContext(fx)
    expect(await t.run(['chat', 'demo-assistant', '--new-chat', '-m', 'hello'])).toBe(0)
    const chatId = /chat (\S+) \(continue it with/.exec(t.stderr())?.[1]
    expect(chatId).toBeDefined()
    t.clearOutput()
    expect(await t.run(['logs', 'list'])).toBe(0)
    const [row] = t.stdout().trim().split('\n')
    expect(row?.split('\t').slice(1, 3)).toEqual([chatId, 'demo-assistant'])
    t.clearOutput()
    expect(await t.run(['chat', '-c', '-m', 'more', '--json'])).toBe(0)
    expect(JSON.parse(t.stdout())).toMatchObject({ chat_id: chatId })
  })
})
