// `agentry test <file>`: the cases of a test file against agents and scenarios, with assertions on each answer, a
// matrix of targets, results for CI and a report for people (docs/commands.md "Testing agents"). The work
// is in src/evals/; this file declares the command and prints.
import { CancelledError, CliError, ExitCode, UsageError } from '../../errors.js'
import { loadTestFile, type MinPass } from '../../evals/load.js'
import { AnswerCache } from '../../evals/cache.js'
import { openOutputs } from '../../evals/outputs.js'
import {
  type Cell,
  cellKey,
  cellsOf,
  type Comparison,
  compareRuns,
  earlierCellsPlanned,
  errorPolicies,
  failing,
  readEarlier,
  type TestResult,
} from '../../evals/results.js'
import { rescorePlan } from '../../evals/rescore.js'
import { cacheDir } from '../../config/paths.js'
import { caseSelector, runPlan } from '../../evals/run.js'
import type { Context } from '../../context.js'
import { annotation, cellCounts, cellFields, cellRow, rateChange, summaryLine } from '../../evals/summary.js'
import { batchExitCode } from '../../batch/report.js'
import { parseShard } from '../../io/shard.js'
import { holdSteadyHeap } from '../../io/steady-heap.js'
import { maxBatchConcurrency } from '../batch-options.js'
import { arg, defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { choice, custom, flag, int, list } from '../options.js'
import { secretFlagGuard } from '../secret-flag.js'
import { scenarioSecretEnv } from '../../scenario/signing.js'
import { scenarioSigning } from './signing.js'

const path = (what: string) => nonEmpty(`give ${what}`)

/** --min-pass: a count of runs (`4`) or a share of them (`0.8`, `80%`). */
function parseMinPass(raw: string, flag: string): MinPass {
  const v = raw.trim()
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(v)
  if (percent) {
    const share = Number(percent[1]) / 100
    if (share > 0 && share <= 1) return { share }
  } else if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 100) return { count: Number(v) }
  else if (/^0?\.\d+$/.test(v) && Number(v) > 0) return { share: Number(v) }
  throw new UsageError(
    `${flag} ${JSON.stringify(raw)}: not a count of runs (1 to 100) nor a share of them (0.8 or 80%)`,
    `e.g. ${flag} 4 with --repeat 5 (4 of 5 runs must pass), or ${flag} 80%`,
  )
}

/**
 * The answer cache, unless --no-cache, or by default in CI (CI set: a pipeline tests the agents as they are now) and
 * under --emulator (its answers cost nothing).
 */
async function answerCache(ctx: Context, given: boolean | undefined): Promise<AnswerCache | undefined> {
  if (!(given ?? (!ctx.env.CI && !ctx.emulator))) return undefined
  const settings = await ctx.settings()
  const service = `${settings.baseUrl?.value ?? ''} ${settings.account?.value ?? ''}`
  return new AnswerCache(
    cacheDir(ctx.env),
    service,
    (line) => ctx.warn(line),
    () => ctx.now(),
  )
}

export default defineCommand({
  path: ['test'],
  summary: 'Test agents and scenarios: cases with assertions, a matrix of targets, JUnit and an HTML report',
  args: { file: arg('<file>', 'the test file (YAML or JSON; schema: docs/agent-tests.schema.json)') },
  options: {
    secret: secretFlagGuard(scenarioSecretEnv),
    results: custom('--results <file>', 'write one NDJSON line per case × target × repeat here', path('a path')),
    junit: custom('--junit <file>', 'write JUnit XML here (one testcase per case × target)', path('a path')),
    report: custom('--report <file>', 'write a self-contained HTML report here', path('a path')),
    compare: custom(
      '--compare <results>',
      'list the cases whose verdict changed since this --results file',
      path('a path'),
    ),
    failOn: choice(
      '--fail-on <what>',
      'exit non-zero for any failing case (default), or only for those that passed in --compare and fail now',
      ['failures', 'regressions'],
    ),
    summaryMd: custom(
      '--summary-md <file>',
      'write a Markdown summary here (a pull-request comment: regressions first, with --compare)',
      path('a path'),
    ),
    rescore: custom(
      '--rescore <results>',
      "check the answers of this --results file again with the file's assertions (judges asked; targets never)",
      path('a path'),
    ),
    repeat: int('--repeat <n>', "run every case n times, 1 to 100 (over the file's repeat)", { min: 1, max: 100 }),
    minPass: custom(
      '--min-pass <k>',
      "a case passes when k of its runs pass (a count, or a share: 0.8, 80%; over the file's minPass and passRate)",
      (v, f) => parseMinPass(String(v), f),
    ),
    errors: choice(
      '--errors <policy>',
      'what a run with no answer counts as: fail (default: fails its cell; exit code of the failure), zero (a failed run), skip (left out of the rate)',
      errorPolicies,
    ),
    concurrency: int('--concurrency <n>', `runs in flight, 1 to ${maxBatchConcurrency} (default 8)`, {
      min: 1,
      max: maxBatchConcurrency,
      default: 8,
    }),
    shard: custom('--shard <i/n>', 'only the cases of shard i of n (a CI matrix job)', (v, f) => parseShard(v, f)),
    filter: list('--filter <text>', 'only cases whose description contains it or with this tag (repeatable)', {
      nonEmpty: true,
    }),
    filesRoot: list(
      '--files-root <dir>',
      "also let the file's datasets, tools and images be read from here (repeatable; default: its own folder)",
      { nonEmpty: true },
    ),
    judge: custom(
      '--judge <agent>',
      "the judging agent of judge assertions that name none (over the file's judge:)",
      path('an agent id'),
    ),
    allowJs: flag('--allow-js', 'allow javascript assertions (they run code from the test file)'),
    cache: flag(
      '--cache',
      'reuse answers of earlier runs, by target definition, whole request and repeat (default: on, off when CI is set or with --emulator)',
    ),
    noCache: flag('--no-cache', 'ask every target again, keeping no answer'),
    secretFile: custom(
      '--secret-file <path>',
      `file holding the scenarios' signing secret (or env ${scenarioSecretEnv}, or the profile)`,
      path('a path'),
    ),
  },
  examples: [
    'agentry --emulator test docs/agent-tests.example.yaml',
    'agentry test agents.yaml --junit junit.xml --report report.html --results results.ndjson',
    'agentry test agents.yaml --compare main-results.ndjson --results results.ndjson',
    'agentry test agents.yaml --compare main-results.ndjson --fail-on regressions --summary-md comment.md',
    'agentry test agents.yaml --filter smoke --concurrency 16 --shard 2/4',
    'agentry test agents.yaml --rescore results.ndjson --report rescored.html',
  ],
  helpAfter: `
Each case runs against every target of the file (agents, or scenarios signed as \`scenario run\` signs), once or
\`repeat\` times, and each answer is checked by its assertions: equals, contains, icontains, not-contains,
contains-all/any, regex, starts-with, is-json (with a JSON Schema), json-path, tool-call, no-tool-call,
finish-reason, latency, tokens, judge (another agent grades it against a rubric) and javascript (--allow-js).
A case may hold a conversation (turns sent one after another, each asserted) or simulate (another agent plays the
user until its goal is met), checked as a whole too: turns, goal. Completions and runs are POSTs, never retried but
after a 429: then fewer are sent at once, and the case is sent again after the Retry-After asked (at most 8 times).
--rescore takes the answers of an earlier --results file instead of asking the targets, and checks them with the
file's assertions (a judge agent is still asked). The table of case × target goes to stdout; the summary to stderr.
Exit codes: 0 every case passed, 10 some case failed its assertions, 2 a bad test file (nothing is sent), the
code of the failure when runs got no answer (4 auth, 8 network…; 5 when they differ), 130 after Ctrl-C. With
--fail-on regressions only the cases that passed in the --compare file and fail now count (a failing new case
does not).`,
  run: async (opts, ctx) => {
    if (opts.failOn === 'regressions' && opts.compare === undefined)
      throw new UsageError(
        '--fail-on regressions needs --compare <results>: the earlier run the regressions are counted against',
        "add --compare <the --results file of the earlier run>, e.g. the main branch's",
      )
    const errors = opts.errors ?? 'fail'
    const earlier = opts.compare !== undefined ? await readEarlier(opts.compare, errors) : undefined
    // the earlier cells the file still has, run or not: the others were removed from it
    const stillPlanned = earlierCellsPlanned(earlier)
    // a dataset's rows and a thousand answers stream through, and only the cases selected and their results are kept:
    // hold the heap steady (peak RSS)
    holdSteadyHeap()
    // only the cases --filter and --shard select are held: a dataset is streamed, every row checked, few kept
    const select = caseSelector(opts)
    const plan = await loadTestFile(opts.file, {
      allowJs: opts.allowJs,
      judge: opts.judge,
      filesRoots: opts.filesRoot,
      repeat: opts.repeat,
      minPass: opts.minPass,
      keep: (c) => {
        stillPlanned.see(c)
        return select(c)
      },
    })
    // rescoring asks no target: no scenario is signed, no answer cached
    const signing =
      opts.rescore === undefined ? await scenarioSigning(ctx, opts.file, plan.cases, opts.secretFile) : new Map()
    const sdk = await ctx.sdk()
    // three ways: --cache (true), --no-cache (opts.noCache false: a --no-x flag is true unless given), or neither
    // (undefined: the default); two options, as the line read without commander (src/direct-run.ts) keeps them apart
    const cache =
      opts.rescore === undefined
        ? await answerCache(ctx, opts.cache ? true : opts.noCache ? undefined : false)
        : undefined
    const outputs = await openOutputs(ctx, opts)
    let outcome: Awaited<ReturnType<typeof runPlan>>
    try {
      const onResult = (r: TestResult) => outputs.result(r)
      outcome =
        opts.rescore !== undefined
          ? await rescorePlan(ctx, sdk, plan, opts.rescore, { ...opts, onResult })
          : await runPlan(ctx, sdk, plan, { ...opts, signing, cache, onResult })
    } catch (err) {
      await outputs.discard()
      throw err
    }
    const cells = cellsOf(outcome.results, errors)
    const comparison = earlier ? compareRuns(opts.compare!, earlier, cells, stillPlanned.keys) : undefined
    const targets = [...new Set(outcome.cases.flatMap((c) => c.targets.map((t) => t.id)))]
    const summary = summaryLine(outcome.cases, cells, outcome.durationMs, targets.length, errors)
    const title = plan.description ?? `agentry test ${opts.file}`
    const meta = { title, file: opts.file, summary, startedAt: outcome.startedAt, targets, cases: outcome.cases }
    await outputs.finish({ ...meta, durationMs: outcome.durationMs, suiteMs: outcome.suiteMs }, cells, comparison)
    const out = ctx.output()
    await out.list(cells.map(cellRow), cellFields)
    // piped, the rows have no header (stdout is data only): stderr names their columns once
    if (out.format === 'tsv' && cells.length > 0)
      ctx.info(`stdout: a TSV row per case × target: ${cellFields.map((f) => f.header.toLowerCase()).join(', ')}`)
    if (ctx.env.GITHUB_ACTIONS === 'true') {
      const lineOf = new Map(outcome.cases.map((c) => [c.index, c.line]))
      for (const c of cells)
        if (failing(c)) ctx.io.stderr.write(annotation(opts.file, lineOf.get(c.caseIndex)?.() ?? 1, c))
    }
    if (comparison) {
      const { regressions, fixes, added, removed } = comparison
      // named as everywhere else: the case's filled-in text (its description), not its --compare key
      for (const c of regressions)
        ctx.info(
          `regressed: ${c.description} on ${c.target} (${c.rate ? rateChange(c.rate) : `${c.before} → ${c.after}`})`,
        )
      for (const c of fixes)
        ctx.info(`fixed: ${c.description} on ${c.target} (${c.rate ? rateChange(c.rate) : `${c.before} → ${c.after}`})`)
      const changed = regressions.length + fixes.length
      ctx.info(
        `since ${opts.compare}: ${changed} verdict${changed === 1 ? '' : 's'} changed (${regressions.length} regressed, ${fixes.length} fixed), ${added.length} new, ${removed.length} removed`,
      )
    }
    const fromCache = cache?.note()
    if (fromCache) ctx.info(fromCache)
    ctx.info(summary)
    if (outcome.interrupted) throw new CancelledError('interrupted: the results hold the cases that finished')
    if (opts.failOn === 'regressions') return regressionGate(outcome, comparison!, cells, opts, ctx)
    // --errors fail: a run with no answer gives the run its failure's code; zero and skip count it in the cells
    // (but a run none of whose cells got an answer tested nothing: its failure's code still)
    const nothingAnswered = cells.length > 0 && cells.every((c) => c.errored === c.runs)
    const noAnswer = errors === 'fail' || nothingAnswered ? batchExitCode(outcome.errorCodes) : ExitCode.ok
    if (noAnswer !== ExitCode.ok) {
      // the first failure, named by its target and where the target is written in the file
      const first = outcome.results.find((r) => r.error !== null)
      const target = plan.targets.find((t) => t.id === first?.target)
      const where = first
        ? `; the first, target ${first.target} (${opts.file}:${target?.line?.() ?? 1}): ${first.error}`
        : ''
      throw new CliError(
        `${outcome.errorCodes.size} run${outcome.errorCodes.size === 1 ? '' : 's'} got no answer (--errors ${errors})${where}`,
        { exitCode: noAnswer },
      )
    }
    const failed = cells.filter(failing).length
    if (failed > 0)
      throw new CliError(
        `${failed} of ${cells.length} cells failed: ${cellCounts(outcome.cases.length, targets.length, cells)}`,
        {
          exitCode: ExitCode.testsFailed,
          hint: opts.report ? `open ${opts.report} to see why` : 'add --report report.html to see why',
        },
      )
  },
})

/** --fail-on regressions: exit non-zero only for the cells that passed in the --compare file and fail now. */
function regressionGate(
  outcome: Awaited<ReturnType<typeof runPlan>>,
  comparison: Comparison,
  cells: readonly Cell[],
  opts: { compare?: string | undefined; report?: string | undefined },
  ctx: Context,
): void {
  const regressed = new Set(comparison.regressions.map(cellKey))
  // runs with no answer count only in a regressed cell; their shared exit code (network, auth…) wins over 10
  const codes = new Map([...outcome.errorCodes].filter(([i]) => regressed.has(cellKey(outcome.results[i]!))))
  const noAnswer = batchExitCode(codes)
  if (noAnswer !== ExitCode.ok)
    throw new CliError(
      `${regressed.size === 1 ? '1 cell' : `${regressed.size} cells`} regressed since ${opts.compare}; ${codes.size} of ${regressed.size === 1 ? 'its' : 'their'} runs got no answer`,
      { exitCode: noAnswer },
    )
  if (regressed.size > 0)
    throw new CliError(`${regressed.size} of ${cells.length} cells regressed since ${opts.compare}`, {
      exitCode: ExitCode.testsFailed,
      hint: opts.report ? `open ${opts.report} to see why` : 'add --report report.html to see why',
    })
  const failed = cells.filter(failing).length
  if (failed > 0)
    ctx.info(
      `${failed} cell${failed === 1 ? ' fails' : 's fail'}, none of them regressed since ${opts.compare}: exit 0 (--fail-on regressions)`,
    )
}
