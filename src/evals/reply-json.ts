// The JSON objects a model's reply holds among its words (a ```json fence, a sentence around it): what the judge's
// verdict and the simulated user's next move are read from.

/**
 * Each `{` of the reply, in order, with the longest JSON text from it that parses: its object (a value that is not an
 * object is skipped). A reader takes the first object that says what it looks for.
 */
export function* jsonObjectsIn(reply: string): Generator<Record<string, unknown>> {
  for (let start = reply.indexOf('{'); start >= 0; start = reply.indexOf('{', start + 1)) {
    for (let end = reply.lastIndexOf('}'); end > start; end = reply.lastIndexOf('}', end - 1)) {
      let v: unknown
      try {
        v = JSON.parse(reply.slice(start, end + 1))
      } catch {
        continue
      }
      if (typeof v === 'object' && v !== null) yield v as Record<string, unknown>
      break
    }
  }
}
