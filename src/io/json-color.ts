// Pretty, coloured JSON for a terminal, as jq and gh show it: the very text that goes to a pipe, only coloured —
// member names, strings, numbers, booleans and null each in their colour. Loaded only when stdout is a colour
// terminal, so scripts and the start-up path never pay for chalk (the palette, src/io/palette.ts).
import { palette } from './palette.js'

// One token at a time, left to right: a string (a member name when a colon follows), a literal, or a number. A
// string is consumed whole first, so nothing inside one is ever coloured as a number or a literal.
const token = /("(?:[^"\\]|\\.)*")(\s*:)?|\btrue\b|\bfalse\b|\bnull\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g

/** Colours JSON text (already sanitised: stringifyJson); removing the SGR sequences gives `text` back exactly. */
export function colorJson(text: string): string {
  const c = palette(true)
  return text.replace(token, (m: string, str: string | undefined, colon: string | undefined) => {
    if (str !== undefined) return colon !== undefined ? `${c.blue(str)}${colon}` : c.green(str)
    if (m === 'null') return c.gray(m)
    if (m === 'true' || m === 'false') return c.yellow(m)
    return c.cyan(m)
  })
}
