// Values drawn from a zod schema by walking its definition (`schema._zod.def`), for the property tests that put the
// same values to two checks that must agree (test/unit/contract-agreement.test.ts: the library's request check and
// the emulator's; test/unit/fast-accept.test.ts: a generated check and zod itself).
import fc from 'fast-check'
import type * as z from '../../src/api/zod.js'

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are walked loosely
type Def = any
/** A schema's definition, as zod keeps it. */
const defOf = (schema: z.core.$ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** What a test draws its leaves from. */
export interface Leaves {
  strings: fc.Arbitrary<string>
  numbers: fc.Arbitrary<number>
  /** the keys of a record */
  keys: fc.Arbitrary<string>
  /**
   * Also off the declared shape where a check could be fooled: an optional member given `undefined`, a transformed
   * (piped) value of any type, a `__proto__` member, objects always with a prototype (as JSON.parse makes them).
   */
  adversarial?: boolean
}

const anyJson = fc.jsonValue({ maxDepth: 2 })

/** Values shaped by a schema: mostly of its type and form, not always within its checks. */
export function shapedBy(leaves: Leaves): (schema: z.core.$ZodType) => fc.Arbitrary<unknown> {
  const { strings, numbers, keys, adversarial = false } = leaves
  const withProto = adversarial ? { noNullPrototype: true } : {}
  const shaped = (schema: z.core.$ZodType, depth: number): fc.Arbitrary<unknown> => {
    const def = defOf(schema)
    if (depth > 4) return anyJson
    switch (def.type) {
      case 'object': {
        const entries = Object.entries(def.shape as Record<string, z.core.$ZodType>)
        const members = Object.fromEntries(entries.map(([k, s]) => [k, shaped(s, depth + 1)]))
        const required = entries.filter(([, s]) => !['optional', 'default'].includes(defOf(s).type)).map(([k]) => k)
        return fc.record(members, { requiredKeys: required, ...withProto })
      }
      case 'optional':
        return adversarial
          ? fc.oneof({ arbitrary: shaped(def.innerType, depth), weight: 4 }, fc.constant(undefined))
          : shaped(def.innerType, depth)
      case 'default':
      case 'prefault':
        return shaped(def.innerType, depth)
      case 'nullable':
        return fc.oneof({ arbitrary: shaped(def.innerType, depth), weight: 4 }, fc.constant(null))
      case 'pipe':
        return adversarial ? fc.oneof(shaped(def.in, depth), numbers, strings, fc.boolean()) : shaped(def.in, depth)
      case 'string':
        return strings
      case 'number':
        return numbers
      case 'boolean':
        return fc.boolean()
      case 'enum':
        return fc.oneof({ arbitrary: fc.constantFrom(...Object.values(def.entries)), weight: 5 }, fc.constant('bogus'))
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]))
      case 'array':
        return fc.array(shaped(def.element, depth + 1), { maxLength: 3 })
      case 'record':
        return fc.dictionary(keys, shaped(def.valueType, depth + 1), { maxKeys: 3, ...withProto })
      case 'union':
        return fc.oneof(...(def.options as z.core.$ZodType[]).map((o) => shaped(o, depth)))
      default:
        return anyJson
    }
  }
  return (schema) => shaped(schema, 0)
}

/** As shaped, with a member dropped, replaced or added (or, adversarial, a `__proto__` member), or any JSON at all. */
export function drawnBy(leaves: Leaves): (schema: z.core.$ZodType) => fc.Arbitrary<unknown> {
  const shaped = shapedBy(leaves)
  const ways = leaves.adversarial
    ? (['drop', 'replace', 'add', '__proto__'] as const)
    : (['drop', 'replace', 'add'] as const)
  return (schema) => {
    const valid = shaped(schema)
    const mutated = fc.tuple(valid, fc.nat(), anyJson, fc.constantFrom(...ways)).map(([v, i, x, how]) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return v
      const out: Record<string, unknown> = { ...v }
      const names = Object.keys(out)
      if (how === '__proto__')
        return JSON.parse(
          `{"__proto__": ${JSON.stringify(x ?? null)}, ${JSON.stringify(out).slice(1)}`.replace(/, }$/, '}'),
        )
      const key = names.length === 0 || how === 'add' ? 'unknownMember' : names[i % names.length]!
      if (how === 'drop') delete out[key]
      else out[key] = x
      return out
    })
    return fc.oneof(
      { arbitrary: valid, weight: 4 },
      { arbitrary: mutated, weight: 4 },
      { arbitrary: anyJson, weight: 1 },
    )
  }
}
