// Shell completion in real shells (bash, zsh, fish) in tmux: the scripts of `agentry completion <shell>` are sourced
// and Tab is pressed on partial command lines; the built CLI answers `__complete` against a real emulator (ids), the
// shell lists file names when told `:files`.
// A shell that is not installed is skipped with a message (CI installs them: .ci/run).
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { emulatorFixture } from '../helpers/emulator.js'
import { repoRoot } from '../helpers/cli.js'
import { requireBuild, sh, TmuxSession, tmuxMissing } from './tmux.js'
import { tempDir } from '../helpers/temp-dir.js'

const missing = tmuxMissing()
if (missing) console.warn(missing)

/** How each shell starts without user config and loads the script. */
const shells = {
  bash: { start: 'bash --norc --noprofile -i', load: 'source <(agentry completion bash)' },
  // compinit's dump in $HOME (the test's temp dir), seeded from the last run's (see zcompdump below)
  zsh: {
    start: 'zsh -f -i',
    load: 'autoload -Uz compinit && compinit -u -d "$HOME/.zcompdump" && source <(agentry completion zsh)',
  },
  // fish ignores PS1: the same bare prompt as the others, so a test can see an empty command line
  fish: {
    start: 'fish --no-config -i',
    load: `function fish_prompt; echo -n '$ '; end; agentry completion fish | source`,
  },
} as const

/**
 * Empties the command line (Ctrl-U) and waits for the bare prompt. Ctrl-U alone: fish took a Ctrl-C sent after it as
 * a signal (ISIG), on which the terminal drops what fish has not read yet, the Ctrl-U too; under load fish kept the
 * line, and the `clear` typed next ran as `agentry … clear` (three CLI runs nobody asked for).
 */
async function emptyLine(t: TmuxSession): Promise<void> {
  t.keys('C-u')
  await t.waitFor(atBarePrompt, 5000)
}

/** The screen's last line is the bare prompt: the shell's line editor waits, with nothing typed. */
const atBarePrompt = (screen: string): boolean => screen.split('\n').at(-1) === '$'

const installed = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0

/**
 * zsh's compinit dump, kept from run to run as a zsh user's ~/.zcompdump is: without one, compinit reads the first line
 * of every completion function on fpath (~1.9 s of CPU); with one, it counts fpath's files and loads the dump when
 * the count and zsh's version match it (~60 ms), and makes it again when they do not. Copied into the test's $HOME
 * before zsh starts and back (written aside, then renamed: a run at the same time reads a whole file) after.
 */
const zcompdump = join(tmpdir(), `agentry-zcompdump-${process.getuid?.() ?? 0}`)

describe.skipIf(missing !== undefined)('completion in real shells', () => {
  const fx = emulatorFixture({ built: true })
  const sessions: TmuxSession[] = []
  let bin: string
  let configDir: string

  beforeAll(() => {
    requireBuild()
    bin = tempDir('agentry-bin-')
    configDir = tempDir('agentry-cfg-')
    // `agentry` on PATH runs the built CLI with the project's Node
    const wrapper = join(bin, 'agentry')
    writeFileSync(wrapper, `#!/bin/sh\nexec ${sh(process.execPath)} ${sh(join(repoRoot, 'bin', 'agentry.cjs'))} "$@"\n`)
    chmodSync(wrapper, 0o755)
    if (existsSync(zcompdump)) copyFileSync(zcompdump, join(configDir, '.zcompdump'))
  })
  afterAll(async () => {
    for (const s of sessions) await s.kill()
    const dump = join(configDir, '.zcompdump')
    if (configDir && existsSync(dump)) {
      const aside = `${zcompdump}.${process.pid}`
      copyFileSync(dump, aside)
      renameSync(aside, zcompdump)
    }
    // a completion the shell started may still be writing its state as its session ends: rm retries ENOTEMPTY
    for (const d of [bin, configDir]) if (d) rmSync(d, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
  })

  for (const [shell, how] of Object.entries(shells)) {
    const skip = !installed(shell)
    if (skip) console.warn(`${shell} is not installed (apt-get install ${shell}): its completion test is skipped`)
    it.skipIf(skip)(
      `${shell}: a command, a flag, ids from the service and file names`,
      async () => {
        const t = new TmuxSession(`complete-${shell}`, { cols: 120, rows: 40 })
        sessions.push(t)
        t.start(how.start, {
          ...fx.env(),
          PATH: `${bin}:${process.env.PATH}`,
          AGENTRY_CONFIG_DIR: configDir,
          // ids within 1 s is a race on a loaded machine: the ids case waits for them as long as it takes
          AGENTRY_COMPLETION_IDS_MS: '30000',
          TERM: 'xterm-256color',
          PS1: '$ ',
          HOME: configDir,
        })
        // the shell's first prompt: its line editor is up and reads what is typed
        await t.waitFor((screen) => screen.trim() !== '')
        t.type(how.load)
        t.keys('Enter')
        t.type('echo LOADED')
        t.keys('Enter')
        // zsh's compinit without a dump reads every completion function's first line (~1.9 s of CPU, 8-10 s at a load
        // of 10-30)
        await t.waitFor(/^LOADED$/m, 30_000)
        // and the prompt after it: keys typed before the shell's line editor has the terminal are echoed by the
        // terminal itself (cooked mode), and the screen's last line is then not the shell's (a run at load ~4 saw
        // "ag" left there, without the prompt, and the line never read as empty)
        await t.waitFor(atBarePrompt, 15_000)
        // each case: a partial line, Tab, and the completed line expected on screen; then the line is cleared. One
        // case for each way the script answers: a candidate list (a command, a flag), ids (the CLI asks the service),
        // and file names (`:files`: the shell's own). Which candidates each word gets (choices such as --cms, -o,
        // --status) is the CLI's alone: test/commands/completion.test.ts checks them, and every word of the table.
        const cases: [string, RegExp][] = [
          ['agentry webh', /agentry webhook$/m],
          ['agentry chat --mess', /agentry chat --message$/m],
          ['agentry agents get demo-as', /agentry agents get demo-assistant$/m],
          ['agentry images analyze READ', /agentry images analyze README\.md$/m],
        ]
        for (const [typed, expected] of cases) {
          t.type(typed)
          t.keys('Tab')
          await t.waitFor(expected, 15_000)
          await emptyLine(t)
          t.type('clear')
          t.keys('Enter')
          // the screen cleared, nothing else run (a line left over would have run as `agentry … clear`)
          await t.waitFor((s) => s.trim() === '$', 5000)
        }
      },
      120_000,
    )
  }
})
