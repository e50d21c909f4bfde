// Reads a test file (YAML, or JSON: YAML 1.2 parses both, so there is one reader and one way to find a line) and
// turns it into the plan of runs: cases expanded by their dataset rows, variables filled in, images and tool files
// read, regular expressions compiled. Every problem is a usage error naming the file, the line and the member
// (`tests.yaml:14: cases[2].assert[0].type: unknown assertion type "containz"`), found before any request is sent.
import { realpath } from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import type { Document, LineCounter } from 'yaml'
import type { Message, ToolDefinition } from '../api/schemas/index.js'
import type { ChatContentItem } from '../chat/session.js'
import { AgentryError, UsageError } from '../errors.js'
import { readArgFile } from '../io/arg-file.js'
import { cjsExports } from '../io/cjs.js'
import { datasetRows } from './dataset.js'
import { parseJsonPath } from './json-path.js'
import { allProblems, assertionTypeHint, unknownMemberHint } from './load-hints.js'
import { compilePattern } from './pattern.js'
import {
  type Assertion,
  assertionTypes,
  type CaseSpec,
  type TestFile,
  type TargetSpec,
  testFileSchema,
} from './schema.js'
import { holdsTalk, type PlannedTalk, planTalk, talkAssertions } from './talk-plan.js'
import { fill, unfilled, type Vars } from './vars.js'

/** What a case runs against. */
export interface Target {
  /** its name in reports (unique in the file) */
  id: string
  kind: 'agent' | 'scenario'
  /** the agent or scenario id */
  ref: string
  signatureHeader?: string | undefined
  secretEnv?: string | undefined
  /** where the target is written in the file (found on first call: only run-time errors need it) */
  line?: () => number
}

/** A case ready to run: variables filled in, files read. */
export interface PlannedCase {
  /** position among the file's cases after dataset expansion, from 0 */
  index: number
  /** the stable key of --compare: the case's id or description, with the dataset row */
  key: string
  description: string
  tags: string[]
  /** where the case is written in the file (found on first call: only annotations need it) */
  line: () => number
  vars: Vars
  /** the conversation sent to an agent (the last user message carries the images) */
  messages: Message[]
  tools: ToolDefinition[] | undefined
  maxTokens: number | undefined
  /** what a scenario gets */
  input: string
  /** the dataset row the case was made from (its line and columns), when it has a dataset */
  row?: { line: number; vars: Vars }
  targets: Target[]
  assert: Assertion[]
  /** a conversation case's turns, or its simulated user (talk-plan.ts); the case's `assert` checks the whole of it */
  talk?: PlannedTalk | undefined
  threshold: number | undefined
  repeat: number
  passRate: number
  /** how many of its runs must pass (over passRate): minPass in the file, or --min-pass */
  minPass?: number | undefined
}

/** A loaded test file. */
export interface TestPlan {
  file: string
  description: string | undefined
  targets: Target[]
  /** the cases kept (LoadOptions.keep), expanded by their dataset rows */
  cases: PlannedCase[]
  /** how many cases the file has, kept or not */
  caseCount: number
}

/** Most expansions of YAML *aliases a test file may make (the yaml package's default; it stops a "billion laughs"). */
const maxAliasCount = 100

/** Largest test file read. */
const maxFileBytes = 16 * 1024 * 1024

type Path = readonly (string | number)[]

/** `cases[2].assert[0].type` */
const memberName = (path: Path): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('') || '(the file)'

/** Where members sit in the file. */
class Locator {
  private parsed: { doc: Document; lines: LineCounter } | undefined
  constructor(
    private readonly file: string,
    private readonly text: string,
    private readonly yaml: typeof import('yaml'),
  ) {}
  /** The YAML document with its positions: built on first use (a JSON file is read with JSON.parse, ~10× faster). */
  doc(): { doc: Document; lines: LineCounter } {
    if (!this.parsed) {
      const lines = new this.yaml.LineCounter()
      this.parsed = { doc: this.yaml.parseDocument(this.text, { lineCounter: lines, uniqueKeys: true }), lines }
    }
    return this.parsed
  }
  line(path: Path): number {
    const { doc, lines } = this.doc()
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined
      if (node?.range) return lines.linePos(node.range[0]).line
    }
    return 1
  }
  value(path: Path): unknown {
    return this.doc().doc.getIn(path)
  }
  /** `tests.yaml:12: cases[0].dataset` */
  where(path: Path): string {
    return `${this.file}:${this.line(path)}: ${memberName(path)}`
  }
  error(path: Path, problem: string, hint?: string): UsageError {
    return new UsageError(`${this.where(path)}: ${problem}`, hint)
  }
}

/** Options of a load. */
export interface LoadOptions {
  /** javascript assertions are allowed (--allow-js) */
  allowJs: boolean
  /** the judging agent of judge assertions that name none (--judge; else the file's `judge`) */
  judge?: string | undefined
  /** folders its datasets, tools and images files may also be read from (--files-root); its own folder always is */
  filesRoots?: string[] | undefined
  /**
   * the cases to keep (--filter, --shard; default all): every case is planned and checked, and only these are held, so
   * a dataset of which few rows run costs the memory of those rows, not of the file
   */
  keep?: ((c: PlannedCase) => boolean) | undefined
  /** --repeat: every case runs this many times (over the file's repeat) */
  repeat?: number | undefined
  /** --min-pass: a count of runs, or a share of them (over the file's minPass and passRate) */
  minPass?: MinPass | undefined
}

/** How many runs of a case must pass: a count (`4`) or a share (`0.8`, `80%`). */
export type MinPass = { count: number } | { share: number }

/** Reads, checks and plans a test file. */
export async function loadTestFile(file: string, opts: LoadOptions): Promise<TestPlan> {
  const text = (await readArgFile(file, file, maxFileBytes)).toString('utf8')
  const at = new Locator(file, text, cjsExports(await import('yaml')))
  let data: unknown
  if (/^\s*\{/.test(text)) {
    try {
      data = JSON.parse(text)
    } catch {
      // not JSON after all: YAML reads it, or says where it breaks
    }
  }
  if (data === undefined) {
    const { doc } = at.doc()
    const syntax = doc.errors[0]
    if (syntax) {
      const pos = syntax.linePos?.[0]
      const where = pos ? `${file}:${pos.line}:${pos.col}` : file
      throw new UsageError(
        `${where}: not valid YAML or JSON: ${syntax.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      )
    }
    try {
      // the yaml package counts alias expansions: a "billion laughs" file stops at the count, not at the memory
      data = doc.toJS({ maxAliasCount: maxAliasCount })
    } catch (err) {
      if (!/alias/i.test((err as Error).message)) throw err
      throw new UsageError(
        `${file}: too many YAML aliases (over ${maxAliasCount} expansions of an anchor): not read`,
        'write the repeated parts out, or use fewer *aliases',
      )
    }
  }
  const parsed = testFileSchema.safeParse(data)
  // every problem of the file at once (load-hints.ts), not the first of them a run; a promptfoo file's `tests` are
  // checked as the cases they would be, so renaming tests to cases is not followed by a second round of problems
  if (!parsed.success)
    throw allProblems(file, [...schemaErrors(at, parsed.error.issues), ...promptfooTestsErrors(at, data)])
  const f = parsed.data
  // the datasets are read row by row: every case is checked now, before a request, and only the kept ones are held
  const cases: PlannedCase[] = []
  const problems: UsageError[] = []
  let caseCount = 0
  const targets = targetsOf(f.targets, at)
  for await (const c of plan(file, f, targets, at, { ...opts, judge: opts.judge ?? f.judge }, problems)) {
    caseCount++
    if (!opts.keep || opts.keep(c)) cases.push(c)
  }
  if (problems.length) throw allProblems(file, problems)
  return { file, description: f.description, targets, cases, caseCount }
}

interface Issue {
  code: string
  path: PropertyKey[]
  message: string
  keys?: string[]
  note?: string
  discriminator?: string
  expected?: string
  input?: unknown
  errors?: Issue[][]
}

/** The problems of a promptfoo file's `tests` (when it has no `cases`), checked as cases and named at `tests`. */
function promptfooTestsErrors(at: Locator, data: unknown): UsageError[] {
  if (typeof data !== 'object' || data === null || !('tests' in data) || 'cases' in data) return []
  const { tests, ...rest } = data as Record<string, unknown>
  if (!Array.isArray(tests) || tests.length === 0) return []
  const probe = testFileSchema.safeParse({ ...rest, cases: tests })
  if (probe.success) return []
  const inTests = probe.error.issues
    .filter((i) => i.path[0] === 'cases' && i.path.length > 1)
    .map((i) => ({ ...i, path: ['tests', ...i.path.slice(1)] }))
  return schemaErrors(at, inTests as Issue[])
}

/** Every problem zod found, in the user's words (an unknown member each). */
function schemaErrors(at: Locator, issues: readonly Issue[]): UsageError[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' && (issue.keys?.length ?? 0) > 1
      ? issue.keys!.map((key) => schemaError(at, [{ ...issue, keys: [key] }]))
      : [schemaError(at, [issue])],
  )
}

/** The first problem zod found, in the user's words. */
function schemaError(at: Locator, issues: readonly Issue[]): UsageError {
  const issue = issues[0]!
  const path = issue.path as (string | number)[]
  const last = path[path.length - 1]
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys?.[0] ?? ''
    const hint = unknownMemberHint(path, key, at.value([...path, 'type']))
    return at.error(
      [...path, key],
      `unknown member "${key}"`,
      hint ?? 'see docs/agent-tests.schema.json for the members',
    )
  }
  if (issue.code === 'invalid_union' && issue.discriminator === 'type' && path.includes('assert')) {
    const given = at.value(path)
    return given === undefined
      ? at.error(path, 'an assertion needs a type', `one of: ${assertionTypes.join(', ')}`)
      : at.error(
          path,
          `unknown assertion type ${JSON.stringify(given)}`,
          assertionTypeHint(given) ?? `one of: ${assertionTypes.join(', ')}`,
        )
  }
  if (issue.code === 'invalid_union' && path[0] === 'targets')
    return at.error(path, 'a target is {agent: <id>} or {scenario: <id>, signatureHeader?, secretEnv?}')
  if (path.length === 1 && last === 'targets' && issue.code === 'invalid_type')
    return at.error(path, 'no target: say what the cases run against', 'add targets: [{agent: <agentId>}]')
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    // the alternative that got furthest into the value says best what is wrong
    const deepest = issue.errors.flat().sort((a, b) => b.path.length - a.path.length)[0]
    if (deepest && deepest.path.length > 0) return schemaError(at, [{ ...deepest, path: [...path, ...deepest.path] }])
  }
  if (issue.code === 'invalid_type' && at.value(path) === undefined) return at.error(path, 'required')
  const given = at.value(path)
  if (path.length === 2 && (path[0] === 'cases' || path[0] === 'tests') && typeof given === 'string')
    return at.error(
      path,
      `a case is an object, not ${JSON.stringify(given.slice(0, 60))}`,
      /^file:\/\//.test(given)
        ? `rows of a file are a case with a dataset: {dataset: ${given}, message: "… {{column}} …", assert: [...]}`
        : 'write {message: <text>, assert: [...]}',
    )
  return at.error(path, issue.message)
}

/** The targets with unique ids. */
function targetsOf(specs: TargetSpec[], at: Locator): Target[] {
  const seen = new Set<string>()
  return specs.map((s, i) => {
    const t: Target =
      'agent' in s
        ? { id: s.id ?? s.agent, kind: 'agent', ref: s.agent }
        : {
            id: s.id ?? s.scenario,
            kind: 'scenario',
            ref: s.scenario,
            signatureHeader: s.signatureHeader,
            secretEnv: s.secretEnv,
          }
    if (seen.has(t.id))
      throw at.error(['targets', i], `a second target named "${t.id}"`, 'give one of them another id: <name>')
    seen.add(t.id)
    t.line = () => at.line(['targets', i])
    return t
  })
}

/** The cases of a file, each dataset row read as its case is wanted. */
async function* plan(
  file: string,
  f: TestFile,
  targets: Target[],
  at: Locator,
  opts: LoadOptions,
  problems: UsageError[],
): AsyncGenerator<PlannedCase> {
  const dir = dirname(resolve(file))
  const d = f.defaults ?? {}
  const defaultTools = await toolsOf(d.tools, dir, opts, at, ['defaults', 'tools'])
  const defaultImages = await imagesOf(d.images, dir, opts, at, ['defaults', 'images'])
  let index = 0
  for (const [ci, c] of f.cases.entries()) {
    const base = ['cases', ci] as const
    try {
      const chosen = chooseTargets(c, targets, at, base)
      if (c.message === undefined && c.messages === undefined && c.input === undefined && !holdsTalk(c))
        throw at.error([...base], 'a case needs message, messages, input, conversation or simulate')
      const caseTools = c.tools !== undefined ? await toolsOf(c.tools, dir, opts, at, [...base, 'tools']) : defaultTools
      const images =
        c.images !== undefined ? await imagesOf(c.images, dir, opts, at, [...base, 'images']) : defaultImages
      const rows = c.dataset
        ? datasetRows(
            await confined(c.dataset, dir, opts, at, [...base, 'dataset']),
            `${at.where([...base, 'dataset'])}:`,
          )
        : [undefined]
      const assert = [...(d.assert ?? []), ...(c.assert ?? [])]
      for await (const row of rows) {
        const vars: Vars = { ...d.vars, ...c.vars, ...row?.vars }
        const rowNote = row ? ` (dataset row at line ${row.line})` : ''
        const check = <T>(value: T, path: Path): T => {
          const missing = unfilled(value, vars)
          if (missing.length)
            throw at.error(
              path,
              `{{${missing[0]}}} has no value${rowNote}`,
              'give it in the case’s vars, defaults.vars or a dataset column',
            )
          return fill(value, vars)
        }
        const systemAt = c.system !== undefined ? [...base, 'system'] : ['defaults', 'system']
        const system = (c.system ?? d.system) !== undefined ? check(c.system ?? d.system, systemAt) : undefined
        const message = c.message !== undefined ? check(c.message, [...base, 'message']) : undefined
        const input = c.input !== undefined ? check(c.input, [...base, 'input']) : undefined
        const conversation = (c.messages ?? []).map((m, mi) => ({
          role: m.role,
          content: check(m.content, [...base, 'messages', mi, 'content']),
        }))
        if (message !== undefined || (conversation.length === 0 && input !== undefined))
          conversation.push({ role: 'user', content: (message ?? input) as string })
        const filled = assert.map((a, ai) => {
          const path =
            ai < (d.assert?.length ?? 0)
              ? ['defaults', 'assert', ai]
              : [...base, 'assert', ai - (d.assert?.length ?? 0)]
          if (a.type === 'goal' && c.simulate === undefined)
            throw at.error([...path, 'type'], 'goal is checked in a simulate case', 'remove it from this case')
          return checkAssertion(a.type === 'javascript' ? a : check(a, path), path, at, opts)
        })
        const talk = holdsTalk(c)
          ? planTalk(c, {
              base,
              fill: check,
              checkAssertion: (a, path) => checkAssertion(a, path, at, opts),
              error: (path, problem, hint) => at.error(path, problem, hint),
              scenarioTargets: chosen.filter((t) => t.kind !== 'agent').map((t) => t.id),
              withImages: (text) => withImages([{ role: 'user', content: text }], images)[0]!,
            })
          : undefined
        const messages: Message[] = [
          ...(system !== undefined ? [{ role: 'system' as const, content: system }] : []),
          ...withImages(conversation, images),
        ]
        const named = c.description ?? caseName(c, ci)
        const key = `${c.id ?? named}${row ? ` #${row.line}` : ''}`
        yield {
          index: index++,
          key,
          description: `${fill(named, vars)}${row && !/\{\{/.test(named) ? ` [row ${row.line}]` : ''}`,
          tags: c.tags ?? [],
          line: () => at.line(base),
          vars,
          messages,
          tools: caseTools,
          maxTokens: c.maxTokens ?? d.maxTokens,
          input: (input ?? message ?? conversation.findLast((m) => m.role === 'user')?.content ?? '') as string,
          ...(row ? { row: { line: row.line, vars: row.vars } } : {}),
          targets: chosen,
          assert: talkAssertions(talk, filled),
          ...(talk ? { talk } : {}),
          threshold: c.threshold ?? d.threshold,
          ...passGate(c, d, opts, at, base),
        }
      }
    } catch (err) {
      // the next case is still checked: a file is fixed in one go
      if (!(err instanceof UsageError)) throw err
      problems.push(err)
    }
  }
}

/**
 * The name of a case written without a description (promptfoo's is optional): its message, first message, input,
 * first turn or simulated goal, else its variables, on one line of at most 80 characters (filled in like the rest).
 */
function caseName(c: CaseSpec, ci: number): string {
  const text =
    c.message ??
    (typeof c.messages?.[0]?.content === 'string' ? c.messages[0].content : undefined) ??
    c.input ??
    c.conversation?.[0]?.user ??
    c.simulate?.goal ??
    (c.vars
      ? Object.entries(c.vars)
          .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
          .join(', ')
      : '')
  const line = text.replace(/\s+/g, ' ').trim()
  if (line === '') return `case ${ci + 1}`
  return line.length > 80 ? `${line.slice(0, 79)}…` : line
}

/** A case's runs and how many must pass: --repeat and --min-pass over the case's, over the defaults'. */
function passGate(
  c: CaseSpec,
  d: NonNullable<TestFile['defaults']>,
  opts: LoadOptions,
  at: Locator,
  base: Path,
): { repeat: number; passRate: number; minPass?: number } {
  const repeat = opts.repeat ?? c.repeat ?? d.repeat ?? 1
  const given = opts.minPass
  if (given !== undefined)
    return 'share' in given
      ? { repeat, passRate: given.share }
      : { repeat, passRate: 1, minPass: Math.min(given.count, repeat) }
  // the case's own gate (minPass or passRate) over the defaults'
  const own = c.minPass !== undefined || c.passRate !== undefined ? c : d
  const minPass = own.minPass
  if (minPass !== undefined && minPass > repeat)
    throw at.error(
      [...(own === c ? base : ['defaults']), 'minPass'],
      `minPass ${minPass} is more runs than the case makes (repeat ${repeat})`,
      `give repeat: ${minPass} or more, or a lower minPass`,
    )
  return { repeat, passRate: own.passRate ?? 1, ...(minPass !== undefined ? { minPass } : {}) }
}

function chooseTargets(c: CaseSpec, targets: Target[], at: Locator, base: Path): Target[] {
  if (!c.targets) return targets
  return c.targets.map((id, i) => {
    const t = targets.find((x) => x.id === id)
    if (!t)
      throw at.error(
        [...base, 'targets', i],
        `no target "${id}"`,
        `the file's targets are: ${targets.map((x) => x.id).join(', ')}`,
      )
    return t
  })
}

/** The user messages' text with the images added to the last user message. */
function withImages(
  conversation: { role: 'system' | 'user' | 'assistant'; content: string }[],
  images: ChatContentItem[],
): Message[] {
  const lastUser = conversation.findLastIndex((m) => m.role === 'user')
  return conversation.map((m, i) =>
    i === lastUser && images.length > 0
      ? { role: m.role, content: [{ type: 'text' as const, text: m.content }, ...images] }
      : { role: m.role, content: m.content },
  )
}

/** Checks what the schema cannot: patterns compile, code runs only when allowed. */
function checkAssertion(a: Assertion, path: Path, at: Locator, opts: LoadOptions): Assertion {
  if ((a.type === 'regex' || a.type === 'not-regex') && a.value) {
    const compiled = compilePattern(a.value, a.flags)
    if ('problem' in compiled) throw at.error([...path, 'value'], compiled.problem, compiled.hint)
  }
  if (a.type === 'judge' && a.judge === undefined) {
    if (opts.judge === undefined)
      throw at.error(
        path,
        'a judge assertion needs the agent that judges',
        'give judge: <agentId> here, judge: <agentId> at the top of the file, or --judge <agentId>',
      )
    return { ...a, judge: opts.judge }
  }
  if (a.type === 'javascript' && !opts.allowJs)
    throw at.error(
      [...path, 'type'],
      'a javascript assertion runs code from the test file',
      'pass --allow-js if you trust this file',
    )
  if (a.type === 'json-path') {
    const steps = parseJsonPath(a.path)
    if ('problem' in steps) throw at.error([...path, 'path'], steps.problem)
  }
  return a
}

async function toolsOf(
  tools: CaseSpec['tools'],
  dir: string,
  opts: LoadOptions,
  at: Locator,
  path: Path,
): Promise<ToolDefinition[] | undefined> {
  if (tools === undefined) return undefined
  const { loadToolsFile, parseToolDefinitions } = await import('../chat/tools.js')
  const label = at.where(path)
  const file = typeof tools === 'string' ? await confined(tools, dir, opts, at, path) : undefined
  try {
    return file !== undefined ? await loadToolsFile(file) : parseToolDefinitions(tools as object[], label)
  } catch (err) {
    // the JSON parser's message quotes the file's first bytes: never shown (a file's content is not an error's)
    if (err instanceof AgentryError && file !== undefined)
      throw at.error(path, err.message.replace(/^--tools /, '').replace(/(: not valid JSON):.*$/s, '$1'))
    throw err
  }
}

async function imagesOf(
  images: string[] | undefined,
  dir: string,
  opts: LoadOptions,
  at: Locator,
  path: Path,
): Promise<ChatContentItem[]> {
  if (!images?.length) return []
  const { resolveImage } = await import('../chat/images.js')
  return Promise.all(
    images.map(async (v, i) => {
      const source = /^(https?|data):/i.test(v) ? v : await confined(v, dir, opts, at, [...path, i])
      try {
        return await resolveImage(source)
      } catch (err) {
        throw at.error([...path, i], (err as Error).message.replace(/^--image /, ''))
      }
    }),
  )
}

/** The real path of a file or, when it is not there, the path as given (reading it then says it is missing). */
async function real(path: string): Promise<string> {
  try {
    return await realpath(path)
  } catch {
    return path
  }
}

const inside = (path: string, root: string): boolean => {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/**
 * The path of a file the test file names (a dataset, a tools file, an image), resolved beside the test file and
 * refused when it (or a link it goes through) leaves the test file's folder and every --files-root: a test file from
 * elsewhere must not read /proc/self/environ, nor send ~/.ssh to an agent.
 */
async function confined(given: string, dir: string, opts: LoadOptions, at: Locator, path: Path): Promise<string> {
  // promptfoo's file:// prefix names the same file
  const full = resolve(dir, given.replace(/^file:\/\//, ''))
  const target = await real(full)
  const allowed = await Promise.all([dir, ...(opts.filesRoots ?? [])].map((r) => real(resolve(r))))
  if (allowed.some((root) => inside(target, root))) return full
  throw at.error(
    path,
    `${full} is outside the test file's folder ${dir}`,
    `pass --files-root ${dirname(full)} if the test file may read it`,
  )
}
