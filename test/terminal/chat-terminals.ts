// What the interactive-chat tmux tests share: a temp dir holding a stand-in $EDITOR, a chat's environment against the
// file's emulator (its own config and state dir per session), and tmux sessions that end with the block. Call it in a
// describe block: it registers the block's beforeAll and afterAll.
import { chmodSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { EmulatorFixture } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'
import { requireBuild, TmuxSession } from './tmux.js'

/** The sessions of a block whose $EDITOR is `editorScript` (a sh script), in a temp dir named by `prefix`. */
export function chatTerminals(fx: EmulatorFixture, prefix: string, editorScript: string) {
  const sessions: TmuxSession[] = []
  let dir = ''
  beforeAll(() => {
    requireBuild()
    dir = tempDir(prefix)
    const editor = join(dir, 'editor.sh')
    writeFileSync(editor, editorScript)
    chmodSync(editor, 0o755)
  })
  afterAll(async () => {
    for (const s of sessions) await s.kill()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  return {
    sessions,
    /** the block's temp dir (set once its beforeAll has run) */
    dir: () => dir,
    /** the environment of the next session's chat: its own config and state dir, the emulator, the $EDITOR */
    env: (extra: Record<string, string> = {}): Record<string, string> => ({
      AGENTRY_CONFIG_DIR: join(dir, `config-${sessions.length}`),
      AGENTRY_STATE_DIR: join(dir, `state-${sessions.length}`),
      AGENTRY_BASE_URL: fx.emu.baseUrl,
      AGENTRY_ACCOUNT: fx.emu.accountId,
      AGENTRY_API_KEY: fx.emu.demoApiKey,
      EDITOR: join(dir, 'editor.sh'),
      TERM: 'xterm-256color',
      ...extra,
    }),
    /** a new tmux session, killed with the block */
    terminal: (name: string): TmuxSession => {
      const t = new TmuxSession(`${name}-${sessions.length}`)
      sessions.push(t)
      return t
    },
  }
}
