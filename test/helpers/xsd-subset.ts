// A validator for the subset of XML Schema that test/fixtures/junit/jenkins-junit.xsd uses: global elements (by name
// or ref), a complexType of one xs:sequence of element particles (minOccurs/maxOccurs), attributes with their use and
// a numeric type (xs:int, xs:decimal), and mixed or string content. Enough to say whether a JUnit file is one Jenkins
// reads, without a native XML library. Each problem is a line naming the element's path.
import { XMLParser } from 'fast-xml-parser'

type Node = Record<string, unknown> & { ':@'?: Record<string, string> }

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '' })

const tagOf = (n: Node) => Object.keys(n).find((k) => k !== ':@')!
const childrenOf = (n: Node) =>
  ((n[tagOf(n)] as Node[] | undefined) ?? []).filter((c) => !('#text' in c) && !('?xml' in c))

interface Particle {
  name: string
  min: number
  max: number
}
interface ElementRule {
  particles: Particle[]
  attributes: Map<string, { required: boolean; type: string }>
}

/** The rules of the schema's global elements (and of the elements declared inside them, by name). */
function rulesOf(xsd: string): Map<string, ElementRule> {
  const rules = new Map<string, ElementRule>()
  const doc = (parser.parse(xsd) as Node[]).find((n) => tagOf(n) === 'xs:schema')!
  for (const el of childrenOf(doc).filter((n) => tagOf(n) === 'xs:element')) {
    const type = childrenOf(el).find((n) => tagOf(n) === 'xs:complexType')
    const rule: ElementRule = { particles: [], attributes: new Map() }
    for (const part of type ? childrenOf(type) : []) {
      if (tagOf(part) === 'xs:attribute') {
        const a = part[':@']!
        rule.attributes.set(a.name!, { required: a.use === 'required', type: a.type ?? 'xs:string' })
      } else if (tagOf(part) === 'xs:sequence')
        for (const p of childrenOf(part)) {
          const a = p[':@']!
          const max = a.maxOccurs === 'unbounded' ? Number.POSITIVE_INFINITY : Number(a.maxOccurs ?? 1)
          rule.particles.push({ name: a.ref ?? a.name!, min: Number(a.minOccurs ?? 1), max })
        }
      else throw new Error(`xsd-subset: ${tagOf(part)} is not in the subset`)
    }
    rules.set(el[':@']!.name!, rule)
  }
  return rules
}

const numeric: Record<string, RegExp> = { 'xs:int': /^-?\d+$/, 'xs:decimal': /^-?\d+(\.\d+)?$/ }

/** The problems of `xml` against `xsd` (none: valid). */
export function validateXml(xml: string, xsd: string): string[] {
  const rules = rulesOf(xsd)
  const problems: string[] = []
  const check = (n: Node, path: string) => {
    const tag = tagOf(n)
    const here = `${path}/${tag}`
    const rule = rules.get(tag)
    if (!rule) return void problems.push(`${here}: not an element of the schema`)
    const attrs = n[':@'] ?? {}
    for (const [name, value] of Object.entries(attrs)) {
      const a = rule.attributes.get(name)
      if (!a) problems.push(`${here}: attribute ${name} is not allowed`)
      else if (numeric[a.type] && !numeric[a.type]!.test(value))
        problems.push(`${here}: ${name}="${value}" is not ${a.type}`)
    }
    for (const [name, a] of rule.attributes)
      if (a.required && !(name in attrs)) problems.push(`${here}: ${name} is required`)
    const kids = childrenOf(n)
    let i = 0
    for (const p of rule.particles) {
      let seen = 0
      while (i < kids.length && tagOf(kids[i]!) === p.name && seen < p.max) {
        if (rules.has(p.name)) check(kids[i]!, here)
        i++
        seen++
      }
      if (seen < p.min) problems.push(`${here}: needs ${p.min} <${p.name}>, has ${seen}`)
    }
    if (i < kids.length) problems.push(`${here}: <${tagOf(kids[i]!)}> is not allowed here`)
  }
  const roots = childrenOf({ root: parser.parse(xml) } as unknown as Node)
  if (roots.length !== 1) return ['the document needs one root element']
  check(roots[0]!, '')
  return problems
}
