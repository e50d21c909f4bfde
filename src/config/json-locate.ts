// Finds where a member sits in JSON text, so that a value zod rejects in a hand-edited file is reported with its
// line, like a syntax error is. The text has already parsed, so the scanner may assume it is well formed.

/** The character offset of the value at `path` (or of the deepest member of it that exists). */
export function jsonPathOffset(text: string, path: readonly PropertyKey[]): number {
  let i = 0
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++
  }
  const readString = (): string => {
    const start = i++
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
    i++
    return JSON.parse(text.slice(start, i)) as string
  }
  // Skips one value and stops after it.
  const skip = (): void => {
    ws()
    const c = text[i]
    if (c === '"') {
      readString()
      return
    }
    if (c !== '{' && c !== '[') {
      while (i < text.length && !',]}'.includes(text[i]!) && !' \t\r\n'.includes(text[i]!)) i++
      return
    }
    const close = c === '{' ? '}' : ']'
    i++
    ws()
    if (text[i] === close) {
      i++
      return
    }
    for (;;) {
      if (c === '{') {
        ws()
        readString()
        ws()
        i++ // the colon
      }
      skip()
      ws()
      if (text[i++] !== ',') return
    }
  }
  // Walks down the path from the value at i; returns the offset of the deepest value reached.
  const walk = (depth: number): number => {
    ws()
    const here = i
    if (depth === path.length) return here
    const want = path[depth]
    const c = text[i]
    if (c !== '{' && c !== '[') return here
    i++
    ws()
    if (text[i] === (c === '{' ? '}' : ']')) return here
    for (let index = 0; ; index++) {
      let matched: boolean
      if (c === '{') {
        ws()
        matched = readString() === want
        ws()
        i++
      } else matched = index === want
      if (matched) return walk(depth + 1)
      skip()
      ws()
      if (text[i++] !== ',') return here
    }
  }
  return walk(0)
}

/** The 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  return { line, column: offset - before.lastIndexOf('\n') }
}

/** Where and why JSON text fails to parse (a strict RFC 8259 scanner), or undefined when it is valid. */
export function jsonSyntaxError(text: string): { offset: number; message: string } | undefined {
  let i = 0
  const fail = (message: string): never => {
    throw { offset: i, message }
  }
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++
  }
  const unexpected = () =>
    i >= text.length ? fail('unexpected end of file') : fail(`unexpected character ${JSON.stringify(text[i])}`)
  const string = () => {
    i++
    for (;;) {
      const c = text[i]
      if (c === undefined) fail('unterminated string')
      if (c === '"') {
        i++
        return
      }
      if (c! < ' ') fail('control character in a string')
      if (c === '\\') {
        i++
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('bad \\u escape')
          i += 4
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail('bad escape in a string')
      }
      i++
    }
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '"') {
      string()
      return
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']'
      i++
      ws()
      if (text[i] === close) {
        i++
        return
      }
      for (;;) {
        if (c === '{') {
          ws()
          if (text[i] !== '"') fail('expected a double-quoted member name')
          string()
          ws()
          if (text[i] !== ':') fail("expected ':' after a member name")
          i++
        }
        value()
        ws()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === close) {
          i++
          return
        }
        fail(`expected ',' or '${close}'`)
      }
    }
    const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400))
    if (!m) unexpected()
    i += m![0].length
  }
  try {
    value()
    ws()
    if (i < text.length) fail('unexpected text after the JSON value')
    return undefined
  } catch (err) {
    return err as { offset: number; message: string }
  }
}
