// `agentry test <file>`: the cases of a test file against agents and scenarios, with assertions on each answer, a
// matrix of targets, results for CI and a report for people (docs/commands.md "Testing agents"). The work
// is in src/evals/; this file declares the command and prints.
import { CancelledError, CliError, ExitCode } from '../../errors.js'
import { loadTestFile } from '../../evals/load.js'
import { openOutputs } from '../../evals/outputs.js'
import { changes, cellsOf, readVerdicts } from '../../evals/results.js'
import { caseSelector, runPlan, selectCases } from '../../evals/run.js'
import { annotation, cellFields, cellRow, summaryLine } from '../../evals/summary.js'
import { batchExitCode } from '../../batch/report.js'
import { parseShard } from '../../io/shard.js'
import { holdSteadyHeap } from '../../io/steady-heap.js'
import { maxBatchConcurrency } from '../batch-options.js'
import { arg, defineCommand } from '../define.js'
import { nonEmpty } from '../non-empty.js'
import { custom, flag, int, list } from '../options.js'
import { secretFlagGuard } from '../secret-flag.js'
import { scenarioSecretEnv } from '../../scenario/signing.js'
import { scenarioSigning } from './signing.js'

const path = (what: string) => nonEmpty(`give ${what}`)

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
    allowJs: flag('--allow-js', 'allow javascript assertions (they run code from the test file)'),
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
    'agentry test agents.yaml --filter smoke --concurrency 16 --shard 2/4',
  ],
  helpAfter: `
Each case runs against every target of the file (agents, or scenarios signed as \`scenario run\` signs), once or
\`repeat\` times, and each answer is checked by its assertions: equals, contains, icontains, not-contains,
contains-all/any, regex, starts-with, is-json (with a JSON Schema), json-path, tool-call, no-tool-call,
finish-reason, latency, tokens, judge (another agent grades it against a rubric) and javascript (--allow-js).
Completions and runs are POSTs, never retried but after a 429: then fewer are sent at once, and the case is sent
again after the Retry-After asked (at most 8 times). The table of case × target goes to stdout; the summary to stderr.
Exit codes: 0 every case passed, 10 some case failed its assertions, 2 a bad test file (nothing is sent), the
code of the failure when runs got no answer (4 auth, 8 network…; 5 when they differ), 130 after Ctrl-C.`,
  run: async (opts, ctx) => {
    // a dataset's rows and a thousand answers stream through, and only the cases selected and their results are kept:
    // hold the heap steady (peak RSS)
    holdSteadyHeap()
    // only the cases --filter and --shard select are held: a dataset is streamed, every row checked, few kept
    const plan = await loadTestFile(opts.file, {
      allowJs: opts.allowJs,
      filesRoots: opts.filesRoot,
      keep: caseSelector(opts),
    })
    const selected = selectCases(plan, opts)
    const earlier = opts.compare !== undefined ? await readVerdicts(opts.compare) : undefined
    const signing = await scenarioSigning(ctx, selected, opts.secretFile)
    const sdk = await ctx.sdk()
    const outputs = await openOutputs(ctx, opts)
    let outcome: Awaited<ReturnType<typeof runPlan>>
    try {
      outcome = await runPlan(ctx, sdk, plan, { ...opts, signing, onResult: (r) => outputs.result(r) })
    } catch (err) {
      await outputs.discard()
      throw err
    }
    const cells = cellsOf(outcome.results)
    const changed = earlier ? changes(earlier, cells) : undefined
    const targets = [...new Set(outcome.cases.flatMap((c) => c.targets.map((t) => t.id)))]
    const summary = summaryLine(outcome.cases, cells, outcome.durationMs, targets.length)
    const title = plan.description ?? `agentry test ${opts.file}`
    const meta = { title, file: opts.file, summary, startedAt: outcome.startedAt, targets }
    await outputs.finish({ ...meta, durationMs: outcome.durationMs }, cells, changed)
    await ctx.output().list(cells.map(cellRow), cellFields)
    if (ctx.env.GITHUB_ACTIONS === 'true') {
      const lineOf = new Map(outcome.cases.map((c) => [c.index, c.line]))
      for (const c of cells)
        if (!c.pass) ctx.io.stderr.write(annotation(opts.file, lineOf.get(c.caseIndex)?.() ?? 1, c))
    }
    for (const c of changed ?? [])
      ctx.info(`${c.after === 'failed' ? 'regressed' : 'fixed'}: ${c.case} on ${c.target} (${c.before} → ${c.after})`)
    if (changed) ctx.info(`since ${opts.compare}: ${changed.length} verdict${changed.length === 1 ? '' : 's'} changed`)
    ctx.info(summary)
    if (outcome.interrupted) throw new CancelledError('interrupted: the results hold the cases that finished')
    const failing = batchExitCode(outcome.errorCodes)
    if (failing !== ExitCode.ok)
      throw new CliError(`${outcome.errorCodes.size} runs got no answer`, { exitCode: failing })
    const failed = cells.filter((c) => !c.pass).length
    if (failed > 0)
      throw new CliError(`${failed} of ${cells.length} cases failed`, {
        exitCode: ExitCode.testsFailed,
        hint: opts.report ? `open ${opts.report} to see why` : 'add --report report.html to see why',
      })
  },
})
