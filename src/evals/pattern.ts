// The regex and not-regex assertions' patterns: written in JavaScript syntax (as documented), run by RE2 (re2js, pure
// JavaScript), whose time is linear in the answer's length, so `(a+)+$` on a long answer cannot hang a test run.
// What RE2 cannot do in linear time (lookaround, backreferences) is refused when the file is loaded, with the reason.
import { RE2JS } from 're2js'

/** A compiled pattern: the text of the first match, or null. */
export type Pattern = (text: string) => string | null

/** Compiles `value` with JavaScript's flags (i, m, s honoured; y anchors at the start; d, g, u, v change nothing). */
export function compilePattern(value: string, flags = ''): Pattern | { problem: string; hint?: string } {
  try {
    new RegExp(value, flags)
  } catch (err) {
    return { problem: `not a valid regular expression: ${(err as Error).message}` }
  }
  let re: RE2JS
  try {
    re = RE2JS.compile(
      value,
      (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) |
        (flags.includes('m') ? RE2JS.MULTILINE : 0) |
        (flags.includes('s') ? RE2JS.DOTALL : 0),
    )
  } catch (err) {
    return {
      problem: `a pattern the linear-time engine (RE2) cannot run: ${(err as Error).message.replace(/^error parsing regexp: /, '')}`,
      hint: 'lookahead, lookbehind and backreferences (\\1, \\k<name>) are not supported: match without them',
    }
  }
  const sticky = flags.includes('y')
  return (text) => {
    const m = re.matcher(text)
    return (sticky ? m.lookingAt() : m.find()) ? (m.group() ?? '') : null
  }
}
