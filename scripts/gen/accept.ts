// The fast accept path (docs/architecture.md "Start-up budget"): from zod schemas, plain-JS predicates that
// return true ONLY when zod would accept a value AND zod's output would equal it (so the value can be used as is and
// zod need not load). The generator walks each schema's definition (`schema._zod.def`); whatever it does not know (a
// transform, a default whose key is missing, a refine it cannot express, a format it cannot check) makes that part
// `false`: the caller then loads zod and lets it decide, so every message, default and stripped key is zod's.
// test/unit/fast-accept.test.ts draws values from each schema and checks the promise against zod itself.
//
// zod's private API: `_zod.def` (its `type`, `shape`, `catchall`, `element`, `keyType`, `valueType`, `options`,
// `innerType`, `values`, `entries`, `format`, `checks`, and each check's `_zod.def`: `check`, `minimum`, `maximum`,
// `length`, `value`, `inclusive`, `pattern`, `fn`) and `_zod.optin`. They are not zod's public API and may change in
// any release, so package.json pins zod to one exact version: on an upgrade run `npm run gen` and
// test/unit/fast-accept.test.ts, which holds every generated check to zod's own answer.
import { posix } from 'node:path'

/** What the generator reads of a zod schema. */
interface Schema {
  readonly _zod: { readonly def: Def; readonly optin?: 'optional' | 'defaulted' }
}
interface Def {
  readonly type: string
  readonly checks?: readonly Schema[]
  readonly [key: string]: unknown
}
/** A check's definition (min_length, string_format…): checks are schemas whose def says which check. */
interface CheckDef {
  readonly check?: string
  readonly [key: string]: unknown
}

/** `import { names } from 'from'`, relative to the module `file` (both from the repository's root). */
function importLine(names: readonly string[], from: string, file: string): string {
  const rel = posix.relative(posix.dirname(file), from).replace(/\.ts$/, '.js')
  return `import { ${[...names].sort().join(', ')} } from '${rel.startsWith('.') ? rel : `./${rel}`}'`
}

/** The zod-free function that decides what a refine decides: the generated code imports it by name and calls it. */
interface KnownCheck {
  readonly name: string
  /** its module, from the repository's root (`src/config/value-checks.ts`) */
  readonly from: string
  /** what the call passes after the value (a refine made by a function of them, e.g. a range) */
  readonly args?: readonly number[]
}

/** The known function of a refine: found by the check itself (`check`, a refine made with arguments) or its `fn`. */
export type KnownChecks = (check: object, fn: unknown) => KnownCheck | undefined

/** What every generated check calls (never, isObject, onlyKeys, hasProto). */
const kitFile = 'src/api/accept-kit.ts'
const kitNames = ['hasProto', 'isObject', 'never', 'onlyKeys']

/** One generated function: its body, the generated functions it calls, the known checks it calls. */
interface Emitted {
  readonly body: string
  readonly calls: ReadonlySet<string>
  readonly known: ReadonlySet<string>
}

/**
 * Emits the predicates of one generated module. Functions are not repeated: one function for each distinct body
 * (however many schemas spell it out), named `a0`, `a1`… in the order the module's schemas need them. Each module has
 * its own emitter and shares nothing with another: a check the agents and files families both need is written in
 * each, so adding an operation to one family rewrites that family's module only (no counter or shared function
 * moves in another's).
 */
export class AcceptEmitter {
  private readonly names = new Map<Schema, string>()
  private readonly top = new Map<Schema, string>()
  private readonly functions = new Map<string, Emitted>()
  private readonly byBody = new Map<string, string>()
  /** the known checks by name, with their modules */
  private readonly knownFrom = new Map<string, string>()
  /** the functions the module's rows name */
  private readonly roots = new Set<string>()
  /** whether a row names `never` */
  private namesNever = false
  /** the calls of the function being written (innermost last) */
  private readonly writing: { calls: Set<string>; known: Set<string> }[] = []

  constructor(private readonly known: KnownChecks) {}

  /** The name of the predicate of a schema (`never` when nothing can be accepted without zod). */
  predicate(schema: Schema): string {
    let name = this.top.get(schema)
    if (name === undefined) {
      this.writing.push({ calls: new Set(), known: new Set() })
      const body = this.expr(schema, 'v')
      const made = this.writing.pop()!
      const call = /^(a\d+)\(v\)$/.exec(body)
      name = body === 'false' ? 'never' : call ? call[1]! : this.define(`  return ${body}`, made)
      this.top.set(schema, name)
    }
    return this.root(name)
  }

  /** The name of a check that holds only when every one of the schemas accepts the value unchanged. */
  every(schemas: readonly Schema[]): string {
    const names = schemas.map((s) => this.predicate(s))
    if (names.length === 0 || names.includes('never')) return this.root('never')
    const body = `  return ${names.map((n) => `${n}(v)`).join(' && ')}`
    return this.root(this.define(body, { calls: new Set(names), known: new Set() }))
  }

  /**
   * The functions of the module `file` (its path from the repository's root): those its rows need, directly or
   * through others, with the imports of the kit and of the known checks they call.
   */
  text(file: string): string {
    const names = [...this.closure()]
    const bodies = names.map((n) => `function ${n}(v: any): boolean {\n${this.functions.get(n)!.body}\n}`)
    const byModule = new Map<string, Set<string>>()
    for (const n of names)
      for (const k of this.functions.get(n)!.known) {
        const from = this.knownFrom.get(k)!
        byModule.set(from, new Set([...(byModule.get(from) ?? []), k]))
      }
    const kit = kitNames.filter(
      (k) => (k === 'never' && this.namesNever) || bodies.some((b) => new RegExp(`\\b${k}\\(`).test(b)),
    )
    const imports = [
      ...(kit.length > 0 ? [importLine(kit, kitFile, file)] : []),
      ...[...byModule].map(([from, ks]) => importLine([...ks], from, file)),
    ]
    return [...imports, '', ...bodies.map((b) => `${b}\n`)].join('\n')
  }

  /** The function of `body`: the one already written with that body, else a new one. */
  private define(body: string, made: { calls: Set<string>; known: Set<string> }): string {
    const existing = this.byBody.get(body)
    if (existing !== undefined) return existing
    const name = `a${this.functions.size}`
    this.functions.set(name, { body, calls: made.calls, known: made.known })
    this.byBody.set(body, name)
    return name
  }

  private root(name: string): string {
    if (name === 'never') this.namesNever = true
    else this.roots.add(name)
    return name
  }

  /** Every function the rows need, directly or through others, in the order they were defined. */
  private closure(): Set<string> {
    const seen = new Set<string>()
    const visit = (n: string) => {
      if (seen.has(n) || !this.functions.has(n)) return
      seen.add(n)
      for (const c of this.functions.get(n)!.calls) visit(c)
    }
    for (const n of this.roots) visit(n)
    return new Set([...this.functions.keys()].filter((n) => seen.has(n)))
  }

  /** The expression that is true only when zod accepts `v` unchanged; `false` when unknown. */
  private expr(schema: Schema, v: string): string {
    const def = schema._zod.def
    const base = this.baseExpr(schema, def, v)
    if (base === 'false') return 'false'
    const checks = (def.checks ?? []).filter((c) => c !== (schema as unknown))
    const parts = [base]
    for (const c of checks) {
      const e = this.checkExpr(c, c._zod.def as CheckDef, v)
      if (e === 'false') return 'false'
      parts.push(e)
    }
    return parts.filter((p) => p !== 'true').join(' && ') || 'true'
  }

  private baseExpr(schema: Schema, def: Def, v: string): string {
    switch (def.type) {
      case 'string': {
        if (def.format !== undefined) return 'false' // z.iso.datetime(), z.email()…: a check the generator does not copy
        return `typeof ${v} === 'string'`
      }
      case 'number': {
        const n = `typeof ${v} === 'number' && Number.isFinite(${v})`
        if (def.format === undefined) return n
        return def.format === 'safeint' ? `${n} && Number.isSafeInteger(${v})` : 'false'
      }
      case 'boolean':
        return `typeof ${v} === 'boolean'`
      case 'null':
        return `${v} === null`
      case 'undefined':
        return `${v} === undefined`
      case 'unknown':
      case 'any':
        return 'true'
      case 'literal':
        return this.oneOf(def.values as readonly unknown[], v)
      case 'enum':
        return this.oneOf(Object.values(def.entries as Record<string, unknown>), v)
      case 'optional': {
        const innerType = def.innerType as Schema
        const inner = this.expr(innerType, v)
        // an inner schema that takes undefined itself (a default inside: z.partial of an object with defaults) is
        // given it by zod, and fills it in
        if (innerType._zod.optin !== undefined) return inner
        return inner === 'false' ? `${v} === undefined` : `(${v} === undefined || ${inner})`
      }
      case 'nullable': {
        const inner = this.expr(def.innerType as Schema, v)
        return inner === 'false' ? `${v} === null` : `(${v} === null || ${inner})`
      }
      // a missing value would take the default: only a given one is accepted as is
      case 'default':
      case 'prefault': {
        const inner = this.expr(def.innerType as Schema, v)
        return inner === 'false' ? 'false' : `${v} !== undefined && ${inner}`
      }
      case 'object':
      case 'array':
      case 'record':
      case 'union': {
        const name = this.compound(schema, def)
        if (name === 'never') return 'false'
        this.writing.at(-1)?.calls.add(name)
        return `${name}(${v})`
      }
      default:
        return 'false' // pipe, transform, lazy, custom, catch, intersection, tuple…: zod decides
    }
  }

  /**
   * An object, array, record or union gets a function of its own (shared by every place that uses the schema, and by
   * every schema spelt the same). A schema met again inside itself (a recursive getter) is left to zod.
   */
  private compound(schema: Schema, def: Def): string {
    const existing = this.names.get(schema)
    if (existing) return existing
    this.names.set(schema, 'never')
    this.writing.push({ calls: new Set(), known: new Set() })
    const body = this.compoundBody(def)
    const made = this.writing.pop()!
    const name = body === 'false' ? 'never' : this.define(body, made)
    this.names.set(schema, name)
    return name
  }

  private compoundBody(def: Def): string {
    switch (def.type) {
      case 'array': {
        const item = this.expr(def.element as Schema, 'x')
        if (item === 'false') return '  return Array.isArray(v) && v.length === 0'
        return `  if (!Array.isArray(v)) return false\n  for (const x of v) if (!(${item})) return false\n  return true`
      }
      case 'record': {
        const key = def.keyType as Schema
        // an enum or literal key set makes zod require every key: not copied
        if (key._zod.def.type !== 'string') return 'false'
        const keyExpr = this.expr(key, 'k')
        const value = this.expr(def.valueType as Schema, 'v[k]')
        if (keyExpr === 'false' || value === 'false') return 'false'
        return [
          '  if (!isObject(v) || hasProto(v)) return false',
          `  for (const k in v) if (!(${keyExpr}) || !(${value})) return false`,
          '  return true',
        ].join('\n')
      }
      case 'object': {
        const shape = def.shape as Record<string, Schema>
        const lines = ['  if (!isObject(v) || hasProto(v)) return false']
        for (const [k, s] of Object.entries(shape)) {
          const member = `v[${JSON.stringify(k)}]`
          const e = this.expr(s, member)
          if (e === 'false') return 'false'
          const t = s._zod.def.type
          // a required unknown member: zod's output would hold it even when the input lacks it
          if (t === 'unknown' || t === 'any') lines.push(`  if (!(${JSON.stringify(k)} in v)) return false`)
          else if (e !== 'true') lines.push(`  if (!(${e})) return false`)
        }
        const catchall = def.catchall as Schema | undefined
        const keys = `[${Object.keys(shape)
          .map((k) => JSON.stringify(k))
          .join(', ')}]`
        const ct = catchall?._zod.def.type
        if (catchall === undefined || ct === 'never') lines.push(`  if (!onlyKeys(v, ${keys})) return false`)
        else if (ct !== 'unknown' && ct !== 'any') {
          const e = this.expr(catchall, 'v[k]')
          if (e === 'false') lines.push(`  if (!onlyKeys(v, ${keys})) return false`)
          else lines.push(`  for (const k in v) if (!${keys}.includes(k) && !(${e})) return false`)
        }
        lines.push('  return true')
        return lines.join('\n')
      }
      case 'union': {
        // zod takes the first option that succeeds: an option's predicate counts only when every option before it
        // certainly fails (its type or discriminating literals do not match)
        const options = def.options as readonly Schema[]
        const lines: string[] = []
        const before: string[] = []
        for (const o of options) {
          const e = this.expr(o, 'v')
          if (e !== 'false') lines.push(`  if (${[...before, e].join(' && ')}) return true`)
          const guard = this.guard(o, 'v')
          if (guard === 'true') break
          before.push(`!(${guard})`)
        }
        if (lines.length === 0) return 'false'
        lines.push('  return false')
        return lines.join('\n')
      }
      default:
        return 'false'
    }
  }

  /** A condition every value zod accepts by this schema meets (its type, its literals); `true` when unknown. */
  private guard(schema: Schema, v: string): string {
    const def = schema._zod.def
    switch (def.type) {
      case 'string':
        return `typeof ${v} === 'string'`
      case 'number':
        return `typeof ${v} === 'number'`
      case 'boolean':
        return `typeof ${v} === 'boolean'`
      case 'null':
        return `${v} === null`
      case 'literal':
      case 'enum':
        return this.baseExpr(schema, def, v)
      case 'array':
        return `Array.isArray(${v})`
      case 'optional':
      case 'nullable': {
        const inner = this.guard(def.innerType as Schema, v)
        return inner === 'true' ? 'true' : `(${v} === ${def.type === 'optional' ? 'undefined' : 'null'} || ${inner})`
      }
      case 'object': {
        const parts = [`isObject(${v})`]
        for (const [k, s] of Object.entries(def.shape as Record<string, Schema>)) {
          const t = s._zod.def.type
          if (t === 'literal' || t === 'enum') parts.push(this.baseExpr(s, s._zod.def, `${v}[${JSON.stringify(k)}]`))
        }
        return parts.join(' && ')
      }
      default:
        return 'true'
    }
  }

  private oneOf(values: readonly unknown[], v: string): string {
    const parts: string[] = []
    for (const x of values) {
      if (x === undefined) parts.push(`${v} === undefined`)
      else if (
        x === null ||
        typeof x === 'string' ||
        typeof x === 'boolean' ||
        (typeof x === 'number' && Number.isFinite(x))
      )
        parts.push(`${v} === ${JSON.stringify(x)}`)
      else return 'false'
    }
    return parts.length === 0 ? 'false' : `(${parts.join(' || ')})`
  }

  private checkExpr(check: Schema, c: CheckDef, v: string): string {
    switch (c.check) {
      case 'min_length':
        return `${v}.length >= ${c.minimum}`
      case 'max_length':
        return `${v}.length <= ${c.maximum}`
      case 'length_equals':
        return `${v}.length === ${c.length}`
      case 'greater_than':
        return `${v} ${c.inclusive ? '>=' : '>'} ${c.value}`
      case 'less_than':
        return `${v} ${c.inclusive ? '<=' : '<'} ${c.value}`
      case 'number_format':
        return c.format === 'safeint' ? `Number.isSafeInteger(${v})` : 'false'
      case 'string_format': {
        const pattern = c.pattern
        if (c.format !== 'regex' || !(pattern instanceof RegExp) || /[gy]/.test(pattern.flags)) return 'false'
        return `${pattern.toString()}.test(${v})`
      }
      case 'custom': {
        const known = this.known(check, c.fn)
        if (!known) return 'false'
        this.knownFrom.set(known.name, known.from)
        this.writing.at(-1)?.known.add(known.name)
        return `${known.name}(${[v, ...(known.args ?? []).map(String)].join(', ')}) === true`
      }
      default:
        return 'false'
    }
  }
}
