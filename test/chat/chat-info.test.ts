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
      whereKept: () =>
        whereKeptLines(session, { agentArg: undefined, words: [], continuation: undefined, recorder }, {
          save: undefined,
        } as ChatOptions),
    }
    await runCommand('new', '', deps)
    expect(session.chatId).not.toBe(first)
    expect(shown.join('')).toBe(`new conversation: chat ${session.chatId}\n`)
    shown.length = 0
    await runCommand('info', '', deps)
    expect(shown.join('')).toContain('not in the local log yet')
    expect(shown.join('')).toContain(`resume with: agentry chat demo-assistant --chat ${session.chatId}`)
    await collect(session.send('hello'))
    shown.length = 0
    await runCommand('info', '', deps)
    const cid = recorder.conversationId
    expect(shown.join('').split('\n').filter(Boolean)).toEqual([
      'agent demo-assistant',
      `chat ${session.chatId} (kept by the service)`,
      `log ${cid} (agentry logs show ${cid})`,
      `resume with: agentry chat --cid ${cid}`,
    ])
    expect(store.get(cid!)?.chat_id).toBe(session.chatId)
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
