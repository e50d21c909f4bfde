// The /help screen: the commands (from slash.ts, so it cannot drift) and the keys of the line editor.
import type { Glyphs } from '../../io/glyphs.js'
import { slashCommands } from './slash.js'
import type { UiStyle } from './style.js'

const keysOf = ({ arrows: a }: Glyphs): [string, string][] => [
  ['Enter', 'send'],
  ['Alt-Enter, Ctrl-J, \\ at the end', 'new line (pasted text keeps its lines)'],
  [`${a.up} ${a.down}, Ctrl-P Ctrl-N`, 'history, filtered by what you typed; lines of a long message'],
  ['Tab', 'complete a command or a file name'],
  ['Ctrl-A Ctrl-E, Home End', 'start / end of the line'],
  [`Alt-B Alt-F, Ctrl-${a.left} Ctrl-${a.right}`, 'word left / right'],
  ['Ctrl-W, Alt-Backspace', 'delete the word before the cursor'],
  ['Ctrl-U Ctrl-K', 'delete to the start / end of the line (Ctrl-Y puts it back)'],
  ['Ctrl-L', 'clear the screen'],
  ['Ctrl-X Ctrl-E', 'edit the input in $VISUAL / $EDITOR'],
  ['Ctrl-C', 'stop the answer; clear the line; at an empty prompt, twice within 2 s quits'],
  ['Ctrl-D', 'quit at an empty prompt'],
  ['Ctrl-Z', 'suspend (fg to come back)'],
]

/** The help text, laid out in two columns. */
export function helpText(style: UiStyle, columns: number): string {
  const keys = keysOf(style.glyphs)
  const cmds: [string, string][] = slashCommands.map((c) => [
    `/${c.name}${c.args ? ` ${c.args}` : ''}`,
    c.summary + (c.aliases.length ? ` (also ${c.aliases.map((a) => `/${a}`).join(' ')})` : ''),
  ])
  const width = Math.max(...[...cmds, ...keys].map(([k]) => k.length)) + 2
  const block = (rows: [string, string][]) =>
    rows
      .map(([k, v]) => {
        const line = `  ${k.padEnd(width)}${v}`
        return columns > 40 && line.length > columns
          ? `  ${style.accent(k)}\n      ${v}`
          : `  ${style.accent(k.padEnd(width))}${v}`
      })
      .join('\n')
  return [
    style.bold('Commands'),
    block(cmds),
    '',
    style.bold('Keys'),
    block(keys),
    '',
    style.dim('Start a message with // to send a leading slash.'),
    style.dim('A message that starts with a space is not kept in the input history.'),
    '',
  ].join('\n')
}
