// The characters beyond ASCII that the terminal UI draws with — the chat's prompt markers and separators, the
// spinner, bullets, rules and table borders — and their ASCII stand-ins for a terminal whose locale is not UTF-8
// (LANG=C, LC_ALL=POSIX, a Latin-1 locale: there `›` shows as `â€º` or `?`). One table, so every part that draws
// picks its characters from the same place. Text from the agent is never rewritten here.

/** The drawing characters. Each stand-in has the same display width as the character it replaces, except the
 * ellipsis (`...`), which callers measure. */
export interface Glyphs {
  /** the prompt marker and the marker of an input's further lines */
  prompt: string
  continuation: string
  /** between items on one line ("12 in · 85 out") */
  separator: string
  ellipsis: string
  /** a dash between a statement and its explanation */
  dash: string
  /** the mark of a failure line */
  cross: string
  /** before a tool call, and before its result */
  tool: string
  toolResult: string
  /** a vertical bar (quotes, reasoning) and a horizontal rule's piece */
  bar: string
  rule: string
  /** list bullets by depth, and task list boxes */
  bullets: readonly string[]
  taskOpen: string
  taskDone: string
  /** the spinner's frames */
  spinner: readonly string[]
  /** table corners and joints: top, middle, bottom rows, each left, inner, right */
  corners: { top: Corners; middle: Corners; bottom: Corners }
  /** arrow keys as /help names them */
  arrows: { up: string; down: string; left: string; right: string }
}

/** A table row's left, inner and right joint. */
type Corners = readonly [string, string, string]

/** The Unicode characters (a UTF-8 locale, or none said). */
export const unicodeGlyphs: Glyphs = {
  prompt: '›',
  continuation: '·',
  separator: '·',
  ellipsis: '…',
  dash: '—',
  cross: '✗',
  tool: '⚙',
  toolResult: '↳',
  bar: '│',
  rule: '─',
  bullets: ['•', '◦', '▪'],
  taskOpen: '☐',
  taskDone: '☑',
  spinner: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
  corners: { top: ['┌', '┬', '┐'], middle: ['├', '┼', '┤'], bottom: ['└', '┴', '┘'] },
  arrows: { up: '↑', down: '↓', left: '←', right: '→' },
}

/** Their ASCII stand-ins. */
export const asciiGlyphs: Glyphs = {
  prompt: '>',
  continuation: ':',
  separator: '|',
  ellipsis: '...',
  dash: '-',
  cross: 'x',
  tool: '*',
  toolResult: '>',
  bar: '|',
  rule: '-',
  bullets: ['*', '-', '+'],
  taskOpen: '[ ]',
  taskDone: '[x]',
  spinner: ['|', '/', '-', '\\'],
  corners: { top: ['+', '+', '+'], middle: ['+', '+', '+'], bottom: ['+', '+', '+'] },
  arrows: { up: 'Up', down: 'Down', left: 'Left', right: 'Right' },
}

/**
 * Does the locale say UTF-8? The first of LC_ALL, LC_CTYPE and LANG that is set decides (POSIX's order for the
 * character type); none set counts as UTF-8, as in every terminal emulator of today that exports none.
 */
export function utf8Locale(env: NodeJS.ProcessEnv): boolean {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG
  if (!locale) return true
  return /utf-?8/i.test(locale)
}

/** The glyphs for an environment. */
export function glyphsFor(env: NodeJS.ProcessEnv): Glyphs {
  return utf8Locale(env) ? unicodeGlyphs : asciiGlyphs
}
