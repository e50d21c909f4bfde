// /copy: the last answer to the clipboard. Inside tmux, into tmux's paste buffer (`load-buffer -w` also passes it
// on to the outer terminal's clipboard when tmux's set-clipboard allows). Elsewhere by OSC 52 (xterm "Operating
// System Commands", Ps = 52: `ESC ] 52 ; c ; <base64> BEL`) on terminals known to accept it; on the others a
// message says how to copy instead, since an unsupported OSC 52 would do nothing, silently.
import { spawn } from 'node:child_process'

/** OSC 52 payloads larger than this are refused by several terminals (and tmux); the answer is saved instead. */
const osc52MaxBytes = 100_000

/** Does this terminal accept OSC 52 clipboard writes? AGENTRY_OSC52=1 or 0 overrides the guess. */
export function osc52Supported(env: NodeJS.ProcessEnv): boolean {
  if (env.AGENTRY_OSC52 === '1') return true
  if (env.AGENTRY_OSC52 === '0') return false
  const program = env.TERM_PROGRAM ?? ''
  if (['iTerm.app', 'WezTerm', 'ghostty', 'Tabby', 'rio'].includes(program)) return true
  if (env.KITTY_WINDOW_ID || env.WT_SESSION || env.ALACRITTY_WINDOW_ID || env.WEZTERM_EXECUTABLE) return true
  return /^(xterm-kitty|alacritty|foot|xterm-ghostty|wezterm|contour)/.test(env.TERM ?? '')
}

/** The OSC 52 sequence that sets the clipboard to `text`. */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`
}

/** Copies `text`; resolves to the line telling the user what happened (or what to do). */
export async function copyToClipboard(
  text: string,
  env: NodeJS.ProcessEnv,
  write: (s: string) => void,
): Promise<{ ok: boolean; message: string }> {
  const n = `${[...text].length} characters`
  if (env.TMUX) {
    const r = await tmuxLoadBuffer(text, env)
    if (r === undefined) return { ok: true, message: `copied ${n} to tmux's paste buffer (prefix ] pastes it)` }
    if (!osc52Supported(env)) return { ok: false, message: `could not copy: tmux load-buffer failed: ${r}` }
  }
  if (!osc52Supported(env))
    return {
      ok: false,
      message: `not copied: this terminal is not known to accept OSC 52 clipboard writes — select the answer with the mouse, or /save it to a file (AGENTRY_OSC52=1 forces OSC 52)`,
    }
  if (Buffer.byteLength(text) > osc52MaxBytes)
    return { ok: false, message: `not copied: the answer (${n}) is too long for OSC 52; /save it to a file` }
  write(osc52(text))
  return { ok: true, message: `copied ${n} to the clipboard (OSC 52)` }
}

/** `tmux load-buffer -w -` with `text` on stdin; undefined on success, else why not. */
function tmuxLoadBuffer(text: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn('tmux', ['load-buffer', '-w', '-'], { env, stdio: ['pipe', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString()
    })
    child.once('error', (e) => resolve(e.message))
    child.once('exit', (code) => resolve(code === 0 ? undefined : err.trim() || `exit ${code}`))
    child.stdin.on('error', () => {})
    child.stdin.end(text)
  })
}
