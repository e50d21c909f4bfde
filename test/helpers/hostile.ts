// Strings a hostile server, file or tool could send to take over a terminal (docs/terminal-safety.md), and the
// checks that none of them reached the output raw.
import { expect } from 'vitest'

/** Each attack, raw, and how the sanitiser shows it. */
export const hostile = {
  /** OSC 52: writes the clipboard */
  clipboard: { raw: '\x1b]52;c;cm0gLXJmIH4K\x07', shown: '\\u001b]52;c;cm0gLXJmIH4K\\u0007' },
  /** OSC 0: sets the window title */
  title: { raw: '\x1b]0;pwned\x07', shown: '\\u001b]0;pwned\\u0007' },
  /** CSI 2K: erases the line */
  erase: { raw: '\x1b[2K', shown: '\\u001b[2K' },
  /** the 8-bit CSI (U+009B) colouring red */
  csi8: { raw: '\u009b31m', shown: '\\u009b31m' },
  /** CR: overwrites what was printed */
  overwrite: { raw: 'safe\rEVIL', shown: 'safe\\rEVIL' },
  /** a right-to-left override reordering what is shown */
  bidi: { raw: 'abc\u202edcba', shown: 'abc\\u202edcba' },
} as const

/** All the attacks in one string. */
export const hostileText = Object.values(hostile)
  .map((h) => h.raw)
  .join(' ')

/** All the attacks as shown. */
export const hostileShown = Object.values(hostile)
  .map((h) => h.shown)
  .join(' ')

/** Bytes only an attack writes: BEL, OSC 0/52, the 8-bit CSI, bidi override. (ESC [ 2K alone proves nothing: our own
 * redraws use it; its visible form is checked instead, by expectShown.) */
const attackBytes = /\x07|\x1b\]0;|\x1b\]52;|\u009b|\u202e/

/** Fails when `out` carries any attack raw. */
export function expectNoRawAttack(out: string): void {
  const m = attackBytes.exec(out)
  expect(m, `raw attack ${JSON.stringify(m?.[0])} in ${JSON.stringify(out.slice(0, 400))}`).toBeNull()
  expect(out).not.toContain(hostile.overwrite.raw)
}

/** Fails unless each attack is in `out` in its visible form (`keys`: the ones the path carries; default all). */
export function expectShown(out: string, keys: (keyof typeof hostile)[] = Object.keys(hostile) as never): void {
  for (const k of keys) expect(out, `${k} not shown`).toContain(hostile[k].shown)
}
