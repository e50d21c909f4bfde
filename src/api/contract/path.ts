// Path values are checked before any request: an empty, `.` or `..` segment would change
// which resource a URL names once a server or proxy normalises it (RFC 3986 5.2.4 removes dot segments), so
// `agents get ..` must never become `GET /{account}/`.
import { UsageError } from '../errors.js'

/** Why a path value cannot be sent, or undefined when it can. `rest` values (`{path*}`) are checked per segment. */
export function pathValueProblem(value: string, rest: boolean): string | undefined {
  const segments = rest ? value.split('/') : [value]
  for (const s of segments) {
    if (s === '') return rest ? 'has an empty segment' : 'is empty'
    if (s === '.' || s === '..') return `has a "${s}" segment`
  }
  return undefined
}

/** Throws a usage error naming the argument when its value cannot be a path segment. */
export function checkPathValue(name: string, value: string | undefined, rest = false): string {
  const problem = value === undefined ? 'is missing' : pathValueProblem(value, rest)
  if (problem)
    throw new UsageError(
      `<${name}> ${problem}${value ? ` (${JSON.stringify(value)})` : ''}: it must name one resource`,
      rest ? 'give a path like docs/readme.md, without empty, "." or ".." segments' : `give the ${name} itself`,
    )
  return value as string
}
