// SGR (ECMA-48 §8.3.117) attribute tracking for the virtual terminal: which attribute groups are on and with
// which parameter, so tests can compare styled screens and check that every row closes what it opens.

const groups: Record<number, string> = {
  1: 'intensity',
  2: 'intensity',
  3: 'italic',
  4: 'underline',
  7: 'inverse',
  9: 'strike',
}
const closers: Record<number, string> = {
  22: 'intensity',
  23: 'italic',
  24: 'underline',
  27: 'inverse',
  29: 'strike',
  39: 'fg',
  49: 'bg',
}

/** Applies the parameters of one SGR sequence to the attributes on (group → parameters); throws on unknown ones. */
export function applySgr(attrs: Map<string, string>, params: number[]): void {
  const n = params.length === 0 ? [0] : params
  for (let k = 0; k < n.length; k++) {
    const p = n[k]!
    if (p === 0) attrs.clear()
    else if (groups[p]) attrs.set(groups[p], String(p))
    else if (closers[p]) attrs.delete(closers[p])
    else if ((p >= 30 && p <= 37) || (p >= 90 && p <= 97)) attrs.set('fg', String(p))
    else if ((p >= 40 && p <= 47) || (p >= 100 && p <= 107)) attrs.set('bg', String(p))
    else if (p === 38 || p === 48) {
      const len = n[k + 1] === 5 ? 2 : 4
      attrs.set(p === 38 ? 'fg' : 'bg', n.slice(k, k + len + 1).join(';'))
      k += len
    } else throw new Error(`unsupported SGR ${p}`)
  }
}
