// Each assertion of a case against one answer: a verdict, a score from 0 to 1 and a reason a person can read.
// Deterministic kinds are pure functions of the answer; `judge` asks another agent (judge.ts); `javascript` runs an
// expression from the file (only with --allow-js, checked when the file is loaded).
import type { Answer } from './ask.js'
import { parseJsonPath, valueAtPath } from './json-path.js'
import type { Verdict } from './judge.js'
import type { Pattern } from './pattern.js'
import type { Assertion } from './schema.js'
import type { Vars } from './vars.js'

/** The verdict of one assertion. */
export interface AssertionResult {
  type: Assertion['type']
  pass: boolean
  score: number
  weight: number
  reason: string
  /** what the judge said (`judge` assertions) */
  judge?: Verdict & { agent: string }
}

/** What assertions may call on. */
export interface AssertionEnv {
  vars: Vars
  /** asks a judge agent for a verdict on the answer */
  judge: (agentId: string, rubric: string, answer: string) => Promise<Verdict>
  /** the whole conversation, when the answer is one (conversation.ts): judge grades its transcript */
  conversation?: { turns: number; transcript: string; goalMet?: boolean | undefined } | undefined
}

const quote = (s: string, max = 80) => {
  const t = JSON.stringify(s)
  return t.length > max ? `${t.slice(0, max - 2)}…"` : t
}

/** The answer's JSON: the whole text, or inside a ```json fence. */
function answerJson(text: string): { value: unknown } | { problem: string } {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(text)
  try {
    return { value: JSON.parse(fenced ? fenced[1]! : text) }
  } catch (err) {
    return { problem: `the answer is not JSON (${(err as Error).message})` }
  }
}

/** `actual` holds at least what `expected` holds (objects by member, arrays and scalars exactly). */
function matchesSubset(actual: unknown, expected: unknown): boolean {
  if (typeof expected === 'object' && expected !== null && !Array.isArray(expected)) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false
    return Object.entries(expected).every(([k, v]) => matchesSubset((actual as Record<string, unknown>)[k], v))
  }
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((v, i) => matchesSubset(actual[i], v))
    )
  return Object.is(actual, expected)
}

const bool = (pass: boolean, yes: string, no: string) => ({ pass, score: pass ? 1 : 0, reason: pass ? yes : no })

/** Checks one assertion against an answer. */
export async function check(a: Assertion, answer: Answer, env: AssertionEnv): Promise<AssertionResult> {
  const r = await verdict(a, answer, env)
  return { type: a.type, weight: a.weight ?? 1, ...r }
}

/** Checks `answer` against each of `list`, one after another (a judge's request at a time), in their order. */
export async function checkAll(
  list: readonly Assertion[],
  answer: Answer,
  env: AssertionEnv,
): Promise<AssertionResult[]> {
  const out: AssertionResult[] = []
  for (const a of list) out.push(await check(a, answer, env))
  return out
}

async function verdict(
  a: Assertion,
  answer: Answer,
  env: AssertionEnv,
): Promise<Omit<AssertionResult, 'type' | 'weight'>> {
  const text = answer.text
  const lower = text.toLowerCase()
  switch (a.type) {
    case 'equals':
      return bool(text.trim() === a.value.trim(), 'equal', `expected ${quote(a.value)}, got ${quote(text.trim())}`)
    case 'contains':
      return bool(text.includes(a.value), `contains ${quote(a.value)}`, `does not contain ${quote(a.value)}`)
    case 'icontains':
      return bool(
        lower.includes(a.value.toLowerCase()),
        `contains ${quote(a.value)}`,
        `does not contain ${quote(a.value)} (any case)`,
      )
    case 'not-contains':
      return bool(
        !text.includes(a.value),
        `does not contain ${quote(a.value)}`,
        `contains ${quote(a.value)}, expected not to`,
      )
    case 'not-icontains':
      return bool(
        !lower.includes(a.value.toLowerCase()),
        `does not contain ${quote(a.value)}`,
        `contains ${quote(a.value)} (any case), expected not to`,
      )
    case 'contains-all':
    case 'icontains-all': {
      const fold = a.type === 'icontains-all'
      const missing = a.value.filter((v) => !(fold ? lower.includes(v.toLowerCase()) : text.includes(v)))
      return {
        pass: missing.length === 0,
        score: (a.value.length - missing.length) / a.value.length,
        reason: missing.length ? `does not contain ${missing.map((m) => quote(m)).join(', ')}` : 'contains all',
      }
    }
    case 'contains-any':
    case 'icontains-any': {
      const fold = a.type === 'icontains-any'
      const hit = a.value.find((v) => (fold ? lower.includes(v.toLowerCase()) : text.includes(v)))
      return bool(
        hit !== undefined,
        `contains ${quote(hit ?? '')}`,
        `contains none of ${a.value.map((m) => quote(m)).join(', ')}`,
      )
    }
    case 'starts-with':
      return bool(
        text.trimStart().startsWith(a.value),
        `starts with ${quote(a.value)}`,
        `starts with ${quote(text.trimStart().slice(0, a.value.length + 10))}, expected ${quote(a.value)}`,
      )
    case 'regex':
    case 'not-regex': {
      // checked when the file was loaded: it compiles
      const { compilePattern } = await import('./pattern.js')
      const m = (compilePattern(a.value, a.flags) as Pattern)(text)
      return a.type === 'regex'
        ? bool(m !== null, `matches at ${quote(m ?? '')}`, `does not match /${a.value}/${a.flags ?? ''}`)
        : bool(
            m === null,
            `does not match /${a.value}/${a.flags ?? ''}`,
            `matches /${a.value}/${a.flags ?? ''} at ${quote(m ?? '')}, expected no match`,
          )
    }
    case 'is-json': {
      const j = answerJson(text)
      if ('problem' in j) return bool(false, '', j.problem)
      if (a.schema === undefined) return bool(true, 'is JSON', '')
      const problem = await schemaProblem(a.schema, j.value)
      return bool(problem === undefined, 'is JSON valid against the schema', problem ?? '')
    }
    case 'json-path': {
      const j = answerJson(text)
      if ('problem' in j) return bool(false, '', j.problem)
      const steps = parseJsonPath(a.path)
      if ('problem' in steps) return bool(false, '', steps.problem)
      const at = valueAtPath(j.value, steps)
      if ('missing' in at) return bool(false, '', `nothing at ${at.missing}`)
      if (!('value' in a) || a.value === undefined) return bool(true, `${a.path} is there`, '')
      const same = JSON.stringify(at.found) === JSON.stringify(a.value)
      return bool(
        same,
        `${a.path} is ${JSON.stringify(a.value)}`,
        `${a.path} is ${quote(JSON.stringify(at.found) ?? '')}, expected ${quote(JSON.stringify(a.value))}`,
      )
    }
    case 'tool-call': {
      const named = answer.toolCalls.filter((c) => c.name === a.name)
      if (named.length === 0) {
        const made = answer.toolCalls.map((c) => c.name).join(', ')
        return bool(false, '', `no call of ${a.name}${made ? ` (called: ${made})` : ' (no tool call)'}`)
      }
      if (a.arguments === undefined) return bool(true, `called ${a.name}`, '')
      const fit = named.find((c) => {
        try {
          return matchesSubset(JSON.parse(c.arguments), a.arguments)
        } catch {
          return false
        }
      })
      return bool(
        fit !== undefined,
        `called ${a.name}(${fit?.arguments})`,
        `called ${a.name} with ${named.map((c) => c.arguments).join(' and ')}, expected ${JSON.stringify(a.arguments)}`,
      )
    }
    case 'no-tool-call':
      return bool(
        answer.toolCalls.length === 0,
        'no tool call',
        `called ${answer.toolCalls.map((c) => c.name).join(', ')}, expected no tool call`,
      )
    case 'finish-reason':
      return bool(
        answer.finishReason === a.value,
        `finished: ${a.value}`,
        `finished: ${answer.finishReason ?? 'no reason given'}, expected ${a.value}`,
      )
    case 'latency':
      return bool(
        answer.latencyMs <= a.max,
        `${answer.latencyMs} ms ≤ ${a.max} ms`,
        `${answer.latencyMs} ms > ${a.max} ms`,
      )
    case 'tokens': {
      const count = a.count ?? 'total'
      const n = answer.usage?.[`${count}_tokens`]
      if (typeof n !== 'number')
        return bool(false, '', `the answer reported no usage, expected ≤ ${a.max} ${count} tokens`)
      return bool(n <= a.max, `${n} ${count} tokens ≤ ${a.max}`, `${n} ${count} tokens > ${a.max}`)
    }
    case 'judge': {
      // the file's judge or --judge is filled in at load (load.ts checkAssertion) when the assertion names none
      const judge = a.judge ?? ''
      const v = await env.judge(judge, a.rubric, env.conversation?.transcript ?? text)
      return {
        pass: v.pass,
        score: v.score,
        // a failed verdict says what was expected: the rubric
        reason: `${judge}: ${v.reason || (v.pass ? 'pass' : 'fail')}${v.pass ? '' : `; rubric: ${a.rubric}`}`,
        judge: { agent: judge, ...v },
      }
    }
    case 'turns': {
      const n = env.conversation?.turns ?? 1
      const turns = `${n} turn${n === 1 ? '' : 's'}`
      return bool(n <= a.max, `${turns} ≤ ${a.max}`, `${turns} > ${a.max}`)
    }
    case 'goal':
      return bool(
        env.conversation?.goalMet === true,
        'the simulated user reached its goal',
        `the simulated user did not reach its goal in ${env.conversation?.turns ?? 0} turn${env.conversation?.turns === 1 ? '' : 's'}`,
      )
    case 'javascript':
      return javascript(a.value, answer, env.vars)
  }
}

/** The first problem of `value` against a JSON Schema (zod's converter, loaded only when a schema is used). */
async function schemaProblem(schema: Record<string, unknown>, value: unknown): Promise<string | undefined> {
  const { fromJSONSchema } = await import('zod')
  let parsed: ReturnType<ReturnType<typeof fromJSONSchema>['safeParse']>
  try {
    parsed = fromJSONSchema(schema as Parameters<typeof fromJSONSchema>[0]).safeParse(value)
  } catch (err) {
    return `the schema cannot be used: ${(err as Error).message}`
  }
  if (parsed.success) return undefined
  const issue = parsed.error.issues[0]!
  return `${issue.path.length ? `$.${issue.path.join('.')}` : '$'}: ${issue.message}`
}

/** A javascript assertion: the expression's value, true/false or a score from 0 to 1. */
async function javascript(expr: string, answer: Answer, vars: Vars): Promise<Omit<AssertionResult, 'type' | 'weight'>> {
  const { runInNewContext } = await import('node:vm')
  const j = answerJson(answer.text)
  const sandbox = {
    output: answer.text,
    json: 'value' in j ? j.value : undefined,
    toolCalls: answer.toolCalls.map((c) => ({ name: c.name, arguments: safeJson(c.arguments) })),
    finishReason: answer.finishReason,
    usage: answer.usage,
    latencyMs: answer.latencyMs,
    vars,
  }
  let v: unknown
  try {
    v = runInNewContext(`(${expr})`, sandbox, { timeout: 1000 })
  } catch (err) {
    return bool(false, '', `the expression threw: ${(err as Error).message}`)
  }
  if (typeof v === 'number' && v >= 0 && v <= 1) return { pass: v >= 0.5, score: v, reason: `scored ${v}` }
  return bool(Boolean(v), 'true', `false: ${expr}`)
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s)
  } catch {
    return s
  }
}
