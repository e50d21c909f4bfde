// The test file of `agentry test`: YAML or JSON, one schema. It is written once, here, with zod; the JSON
// Schema editors complete from (docs/agent-tests.schema.json) is generated from it (`testFileJsonSchema`), and a
// test keeps the shipped file equal to it. Objects are strict: a misspelt member is an error naming it, not ignored.
import { toolDefinitionSchema } from '../api/schemas/index.js'
import * as z from '../api/zod.js'

const text = (what: string) => z.string().check(z.describe(what))
const nonEmpty = (what: string) => z.string().check(z.minLength(1), z.describe(what))
const fraction = (what: string) => z.number().check(z.gte(0), z.lte(1), z.describe(what))
const weight = z.optional(z.number().check(z.gte(0), z.describe('weight in the case score (default 1)')))

/** An assertion kind with its own members; every kind also takes `weight`. */
const kind = <T extends string, S extends Record<string, z.ZodMiniType>>(type: T, what: string, shape: S) =>
  z.strictObject({ type: z.literal(type), weight, ...shape }).check(z.describe(what))

const words = z.array(nonEmpty('a text')).check(z.minLength(1))

/** Every assertion kind, by its `type`. */
const assertionSchemas = [
  kind('equals', 'the answer is exactly this text (trimmed both sides)', { value: text('the text') }),
  kind('contains', 'the answer contains this text', { value: nonEmpty('the text') }),
  kind('icontains', 'the answer contains this text, ignoring case', { value: nonEmpty('the text') }),
  kind('not-contains', 'the answer does not contain this text', { value: nonEmpty('the text') }),
  kind('not-icontains', 'the answer does not contain this text, ignoring case', { value: nonEmpty('the text') }),
  kind('contains-all', 'the answer contains every one of these texts', { value: words }),
  kind('contains-any', 'the answer contains at least one of these texts', { value: words }),
  kind('icontains-all', 'the answer contains every one of these texts, ignoring case', { value: words }),
  kind('icontains-any', 'the answer contains one of these texts, ignoring case', { value: words }),
  kind('starts-with', 'the answer starts with this text (leading blanks ignored)', { value: nonEmpty('the text') }),
  kind(
    'regex',
    'the answer matches this regular expression (JavaScript syntax, run by RE2: no lookaround or backreferences)',
    {
      value: nonEmpty('the pattern'),
      flags: z.optional(z.string().check(z.regex(/^[dgimsuvy]*$/), z.describe('regex flags, e.g. i'))),
    },
  ),
  kind('not-regex', 'the answer does not match this regular expression', {
    value: nonEmpty('the pattern'),
    flags: z.optional(z.string().check(z.regex(/^[dgimsuvy]*$/), z.describe('regex flags, e.g. i'))),
  }),
  kind('is-json', 'the answer is JSON (a ```json fence around it is allowed), optionally valid against a JSON Schema', {
    schema: z.optional(z.record(z.string(), z.unknown()).check(z.describe('a JSON Schema the value must meet'))),
  }),
  kind('json-path', 'the answer is JSON and the value at this path exists, or equals `value`', {
    path: nonEmpty('e.g. $.items[0].name'),
    value: z.optional(z.unknown().check(z.describe('the value expected there (compared as JSON)'))),
  }),
  kind('tool-call', 'the answer calls this tool; with `arguments`, with at least these arguments', {
    name: nonEmpty('the tool name'),
    arguments: z.optional(z.record(z.string(), z.unknown()).check(z.describe('arguments that must match (subset)'))),
  }),
  kind('no-tool-call', 'the answer calls no tool', {}),
  kind('finish-reason', 'the finish reason is this (stop, length, tool_calls; a scenario: its run status)', {
    value: nonEmpty('e.g. stop'),
  }),
  kind('latency', 'the answer took at most this many milliseconds', {
    max: z.number().check(z.gte(0), z.describe('milliseconds')),
  }),
  kind('tokens', 'the usage counts at most this many tokens', {
    max: z.int().check(z.gte(0), z.describe('tokens')),
    count: z.optional(z.enum(['total', 'completion', 'prompt']).check(z.describe('which count (default total)'))),
  }),
  kind('judge', 'another agent of the account grades the answer against a rubric (its verdict and reason are kept)', {
    judge: z.optional(nonEmpty('the id of the judging agent (default: the file’s judge, or --judge)')),
    rubric: nonEmpty('what a good answer does, e.g. mentions "Paris"'),
  }),
  kind('turns', 'the conversation took at most this many turns (a conversation or simulate case)', {
    max: z.int().check(z.gte(1), z.describe('turns')),
  }),
  kind('goal', 'the simulated user reached its goal (checked first in every simulate case)', {}),
  kind('javascript', 'a JavaScript expression that is true for a good answer (needs --allow-js)', {
    value: nonEmpty('an expression over output, json, toolCalls, finishReason, usage, latencyMs, vars'),
  }),
] as const

/** The `type` words, in the order the docs list them. */
export const assertionTypes: readonly string[] = assertionSchemas.map((s) => s.shape.type.def.values[0] as string)

const assertionSchema = z.discriminatedUnion('type', [...assertionSchemas])
/** One assertion of a case. */
export type Assertion = z.infer<typeof assertionSchema>

const variables = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .check(z.describe('values for {{name}} in messages, input and assertions'))
const tools = z.union([z.array(toolDefinitionSchema), nonEmpty('a JSON file of tool definitions')])
const message = z.strictObject({
  role: z.enum(['system', 'user', 'assistant']),
  content: text('the text ({{name}} is filled in)'),
})

/** What a case and `defaults` share. */
const common = {
  vars: z.optional(variables),
  system: z.optional(text('a system message added to the agent’s own prompt')),
  maxTokens: z.optional(z.int().check(z.gte(1), z.describe('max_tokens of the answer'))),
  tools: z.optional(tools.check(z.describe('tools offered (inline definitions, or a JSON file beside this one)'))),
  images: z.optional(z.array(nonEmpty('an https URL or a PNG/JPEG/GIF/WebP file beside this one'))),
  assert: z.optional(z.array(assertionSchema)),
  threshold: z.optional(fraction('pass when the weighted score reaches this (default: every assertion passes)')),
  repeat: z.optional(z.int().check(z.gte(1), z.lte(100), z.describe('run the case this many times (flakiness)'))),
  passRate: z.optional(fraction('with repeat: the share of runs that must pass (default 1)')),
  minPass: z.optional(
    z.int().check(z.gte(1), z.lte(100), z.describe('with repeat: how many runs must pass (over passRate; --min-pass)')),
  ),
}

/** One turn of a `conversation:` case: what the user says, and the checks on the agent's answer to it. */
const turnSchema = z.strictObject({
  user: text('what the user says in this turn ({{name}} is filled in)'),
  assert: z.optional(z.array(assertionSchema).check(z.describe("checks on this turn's answer"))),
})
/** A `simulate:` case: another agent plays the user (src/evals/simulate.ts). */
const simulateSchema = z.strictObject({
  agent: nonEmpty('the id of the agent that plays the user'),
  goal: nonEmpty('what the simulated user wants from the conversation; it stops when it says the goal is met'),
  maxTurns: z.int().check(z.gte(1), z.lte(50), z.describe('most turns before it gives up (the goal then fails)')),
})

const caseSchema = z.strictObject({
  description: z.optional(
    nonEmpty('what the case checks (the name in reports; default: its message, or its first turn or variables)'),
  ),
  id: z.optional(nonEmpty('a stable key for --compare (default: the description)')),
  tags: z.optional(z.array(nonEmpty('a tag, for --filter'))),
  dataset: z.optional(nonEmpty('a CSV (header row) or NDJSON file beside this one: the case runs once per row')),
  message: z.optional(text('the user message')),
  messages: z.optional(z.array(message).check(z.minLength(1))),
  input: z.optional(text('a scenario’s input (default: the message)')),
  conversation: z.optional(
    z.array(turnSchema).check(z.minLength(1), z.describe('turns sent one after another in one conversation')),
  ),
  simulate: z.optional(simulateSchema.check(z.describe('an agent plays the user until its goal is met'))),
  targets: z.optional(z.array(nonEmpty('a target id')).check(z.minLength(1), z.describe('only these targets'))),
  ...common,
})
/** One case as written. */
export type CaseSpec = z.infer<typeof caseSchema>

const targetSchema = z.union([
  z.strictObject({
    agent: nonEmpty('the agent id'),
    id: z.optional(nonEmpty('the name of this target in reports (default: the agent id)')),
  }),
  z.strictObject({
    scenario: nonEmpty('the scenario id'),
    id: z.optional(nonEmpty('the name of this target in reports (default: the scenario id)')),
    signatureHeader: z.optional(nonEmpty('the header of the signature (default: profile, else the scenario record)')),
    secretEnv: z.optional(
      nonEmpty('the environment variable holding its signing secret (default: AGENTRY_SCENARIO_SECRET)'),
    ),
  }),
])
/** One target as written. */
export type TargetSpec = z.infer<typeof targetSchema>

const { vars, system, maxTokens, tools: t, images, assert, threshold, repeat, passRate, minPass } = common
/** The whole file. */
export const testFileSchema = z
  .strictObject({
    $schema: z.optional(z.string()),
    description: z.optional(text('what this file tests')),
    judge: z.optional(nonEmpty('the judging agent of judge assertions that name none (--judge overrides it)')),
    targets: z.array(targetSchema).check(z.minLength(1), z.describe('the matrix: every case runs against each')),
    defaults: z.optional(
      z.strictObject({ vars, system, maxTokens, tools: t, images, assert, threshold, repeat, passRate, minPass }),
    ),
    cases: z.array(caseSchema).check(z.minLength(1)),
  })
  .check(z.describe('An agentry test file: cases run against agents and scenarios, with assertions on each answer'))
/** The whole file as written. */
export type TestFile = z.infer<typeof testFileSchema>

/** The JSON Schema of the test file (shipped as docs/agent-tests.schema.json). */
export function testFileJsonSchema(): Record<string, unknown> {
  // an assertion is written once in the JSON Schema ($defs.assertion), used by defaults, cases and conversation turns.
  // Its id goes in the registry z.describe writes to: a registry of its own would drop every member's description.
  z.globalRegistry.add(assertionSchema, { ...z.globalRegistry.get(assertionSchema), id: 'assertion' })
  return {
    ...z.toJSONSchema(testFileSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'agentry test file',
  }
}
