// The fast accept path (docs/architecture.md "Start-up budget"): from zod schemas, plain-JS predicates that
// return true ONLY when zod would accept a value AND zod's output would equal it (so the value can be used as is and
// zod need not load). The generator walks each schema's definition (`schema._zod.def`); whatever it does not know (a
// transform, a default whose key is missing, a refine it cannot express, a format it cannot check) makes that part
// `false`: the caller then loads zod and lets it decide, so every message, default and stripped key is zod's.
// test/unit/fast-accept.test.ts draws values from each schema and checks the promise against zod itself.

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

/** The zod-free function that decides what a refine decides: the generated code imports it by name and calls it. */
interface KnownCheck {
  readonly name: string
  /** the module, relative to the generated file */
  readonly from: string
  /** what the call passes after the value (a refine made by a function of them, e.g. a range) */
  readonly args?: readonly number[]
}

/** The known function of a refine: found by the check itself (`check`, a refine made with arguments) or its `fn`. */
export type KnownChecks = (check: object, fn: unknown) => KnownCheck | undefined

/** Emits predicates for a set of schemas into one module's text. */
export class AcceptEmitter {
  private readonly names = new Map<Schema, string>()
  private readonly top = new Map<Schema, string>()
  private alls = 0
  private readonly functions: string[] = []
  private readonly imports = new Map<string, Set<string>>()

  constructor(private readonly known: KnownChecks) {}

  /** The name of the predicate of a schema (`never` when nothing can be accepted without zod). */
  predicate(schema: Schema): string {
    const existing = this.top.get(schema)
    if (existing) return existing
    const body = this.expr(schema, 'v')
    const call = /^(a\d+)\(v\)$/.exec(body)
    const name = body === 'false' ? 'never' : call ? call[1]! : `p${this.top.size}`
    if (name.startsWith('p')) this.functions.push(`function ${name}(v: any): boolean {\n  return ${body}\n}`)
    this.top.set(schema, name)
    return name
  }

  /** The name of a check that holds only when every one of the schemas accepts the value unchanged. */
  every(schemas: readonly Schema[]): string {
    const names = schemas.map((s) => this.predicate(s))
    if (names.length === 0 || names.includes('never')) return 'never'
    const name = `all${this.alls++}`
    this.functions.push(`function ${name}(v: any): boolean {\n  return ${names.map((n) => `${n}(v)`).join(' && ')}\n}`)
    return name
  }

  /**
   * The module's functions, with the imports of the known checks they call and of the kit every check uses
   * (src/api/accept-kit.ts; `kit` is its path from the generated file).
   */
  text(kit: string): string {
    const imports = [...this.imports].map(
      ([from, names]) => `import { ${[...names].sort().join(', ')} } from '${from}'`,
    )
    return [
      `import { hasProto, isObject, never, onlyKeys } from '${kit}'`,
      ...imports,
      '',
      ...this.functions.map((f) => `${f}\n`),
    ].join('\n')
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
        return name === 'never' ? 'false' : `${name}(${v})`
      }
      default:
        return 'false' // pipe, transform, lazy, custom, catch, intersection, tuple…: zod decides
    }
  }

  /** An object, array, record or union gets a function of its own (shared by every place that uses the schema). */
  private compound(schema: Schema, def: Def): string {
    const existing = this.names.get(schema)
    if (existing) return existing
    const name = `a${this.names.size}`
    this.names.set(schema, name)
    const body = this.compoundBody(def)
    if (body === 'false') {
      this.names.set(schema, 'never')
      return 'never'
    }
    this.functions.push(`function ${name}(v: any): boolean {\n${body}\n}`)
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

  private use(from: string, name: string): void {
    const names = this.imports.get(from) ?? new Set<string>()
    names.add(name)
    this.imports.set(from, names)
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
        this.use(known.from, known.name)
        return `${known.name}(${[v, ...(known.args ?? []).map(String)].join(', ')}) === true`
      }
      default:
        return 'false'
    }
  }
}
