// What makes a test file quick to fix: every problem of a file said in one run (not one a run),
// and promptfoo's names — which people bring their files from — named with agentry's word for them.
import { UsageError } from '../errors.js'

type Path = readonly (string | number)[]

/** Most problems listed; the rest are counted. */
const maxListed = 20

/** promptfoo's members of the file, of a case (or defaults), of an assertion: agentry's way to write each. */
const fileNames: Record<string, string> = {
  providers: 'targets: [{agent: <agentId>}] (promptfoo’s providers)',
  tests: 'cases: [...] (promptfoo’s tests)',
  prompts: 'a message (or messages) in each case, and defaults.system for a shared system prompt (promptfoo’s prompts)',
  defaultTest: 'defaults: {...} (promptfoo’s defaultTest)',
  evaluateOptions: '--concurrency, and repeat in defaults (promptfoo’s evaluateOptions)',
  outputPath: '--results, --junit or --report (promptfoo’s outputPath)',
  scenarios: 'a case with a dataset: (a CSV or NDJSON file) for each set of variables',
}
const caseNames: Record<string, string> = {
  provider: 'targets: [<target id>] (the case’s targets)',
  providers: 'targets: [<target id>] (the case’s targets)',
  prompt: 'message: <text>',
  metadata: 'tags: [...] for --filter',
  options: 'threshold, repeat or maxTokens',
}
const assertionNames: Record<string, string> = {
  provider: 'judge: <agentId> (the judging agent)',
  rubricPrompt: 'rubric: <text>',
  metric: 'weight: <n> (a share of the case score)',
}

/** promptfoo's assertion types: agentry's assertion doing the same. */
const assertionTypeHints: Record<string, string> = {
  'llm-rubric': '{type: judge, judge: <agentId>, rubric: <what a good answer does>}',
  'model-graded-closedqa': '{type: judge, judge: <agentId>, rubric: <the criterion>}',
  'g-eval': '{type: judge, judge: <agentId>, rubric: <the criterion>}',
  factuality: '{type: judge, judge: <agentId>, rubric: agrees with <the facts>}',
  'answer-relevance': '{type: judge, judge: <agentId>, rubric: answers the question asked}',
  'contains-json': '{type: is-json} (the answer is JSON; a ```json fence is allowed)',
  'is-valid-openai-tools-call': '{type: tool-call, name: <tool>}',
  'is-valid-openai-function-call': '{type: tool-call, name: <tool>}',
  python: '{type: javascript, value: <expression>} (with --allow-js)',
  cost: '{type: tokens, max: <n>}',
}

/** The hint for an unknown member `key` at `path` when it is promptfoo's (or value/threshold on a judge/latency/tokens). */
export function unknownMemberHint(path: Path, key: string, assertionType?: unknown): string | undefined {
  const inCase = path.length === 2 && (path[0] === 'cases' || path[0] === 'tests')
  const inDefaults = path.length === 1 && path[0] === 'defaults'
  const inAssertion = path.includes('assert') && typeof path[path.length - 1] === 'number'
  let word: string | undefined
  if (path.length === 0) word = fileNames[key]
  else if (inCase || inDefaults) word = caseNames[key]
  else if (inAssertion) {
    word = assertionNames[key]
    if (key === 'value' && assertionType === 'judge') word = 'rubric: <text> (promptfoo’s llm-rubric value)'
    if (key === 'threshold' && (assertionType === 'latency' || assertionType === 'tokens')) word = 'max: <n>'
  }
  return word && `write ${word}`
}

/** The hint for an unknown assertion type that is promptfoo's. */
export function assertionTypeHint(type: unknown): string | undefined {
  const hint = typeof type === 'string' ? assertionTypeHints[type] : undefined
  return hint && `promptfoo’s ${type} is written here as ${hint}`
}

/**
 * One usage error for the problems of a file: the problem itself when there is one, else a count and a line each
 * (with its hint), so that a file is fixed in one go.
 */
export function allProblems(file: string, problems: readonly UsageError[]): UsageError {
  const unique = [...new Map(problems.map((p) => [`${p.message}\n${p.hint ?? ''}`, p])).values()]
  if (unique.length === 1) return unique[0]!
  const lines = unique.slice(0, maxListed).map((p) => `  ${p.message}${p.hint ? `\n    hint: ${p.hint}` : ''}`)
  if (unique.length > maxListed) lines.push(`  … and ${unique.length - maxListed} more`)
  return new UsageError(`${file}: ${unique.length} problems\n${lines.join('\n')}`, 'fix them, then run again')
}
