// The order in which the suite's files start (vitest.config.ts `sequence.sequencer`): each project's files in a row,
// the `process` project first (e2e, terminal, browser: their files are the slowest and mostly wait on processes), then
// the `fast` one, slowest first within a project, so that the workers finish together instead of one running a 40 s
// file alone at the end, and a worker goes on with its project's next file. Every file is placed by the last run's
// duration (vitest keeps it in node_modules/.vite); a file the last run did not time (a clean clone, a new file) is
// given a guess: the files of `knownSlow` their measured time, a process tier's file 5 s, an in-process one 0.5 s.
import type { TestSpecification } from 'vitest/node'
import { BaseSequencer } from 'vitest/node'
import { tiers } from './tiers.js'

/** The order of the projects' blocks of files: that of their tiers (test/helpers/tiers.ts), the process tiers first. */
const projectOrder: string[] = [...new Set(tiers.map((t) => t.project))]

/**
 * The slowest files of both projects in two clean-clone runs of `.ci/run` (their own time in ms, bench/suite.mjs):
 * a clean clone has no last run, and without these its in-process files would start in name order, the slowest of
 * them last (cms-engine-property, mcp-serve-tools: 3 s each, started in the last 5 s, the other workers idle).
 * single-executable, install-global and setup-action are from one later clean-clone run, the first in which `npm test`
 * had built their artifacts before vitest started (scripts/test-artifacts.mjs). a2a-flows and settings left the list
 * when they stopped waiting on the emulator's pace (0.2 and 0.4 s in three clean-clone runs).
 */
export const knownSlow = new Map<string, number>([
  ['test/browser/agent-test-report.test.ts', 18500],
  ['test/e2e/single-executable.test.ts', 11600],
  ['test/e2e/install-global.test.ts', 11500],
  ['test/e2e/mcp-eras.test.ts', 10000],
  ['test/browser/oauth-login.test.ts', 9200],
  ['test/e2e/release.test.ts', 8100],
  ['test/terminal/chat-tty.test.ts', 8000],
  ['test/chat/chat-edges.test.ts', 7700],
  ['test/terminal/chat.test.ts', 7300],
  ['test/e2e/setup-action.test.ts', 7200],
  ['test/terminal/chat-habits.test.ts', 6500],
  ['test/terminal/completion.test.ts', 6500],
  ['test/chat/chat-mcp.test.ts', 5100],
  ['test/e2e/startup-modules.test.ts', 4900],
  ['test/e2e/cms-bulk.test.ts', 4600],
  ['test/e2e/pack-install.test.ts', 4600],
  ['test/e2e/pipes.test.ts', 4400],
  ['test/interop/mcp-serve-tools.test.ts', 4300],
  ['test/e2e/connect.test.ts', 3600],
  ['test/terminal/chat-mcp.test.ts', 3500],
  ['test/e2e/mcp-serve.test.ts', 3300],
  ['test/commands/completion.test.ts', 3100],
  ['test/e2e/emulator-start.test.ts', 3000],
  ['test/e2e/jq.test.ts', 2800],
  ['test/unit/cms-engine-property.test.ts', 2800],
  ['test/commands/files-commands.test.ts', 2700],
  ['test/interop/mcp-live-tools.test.ts', 2700],
  ['test/e2e/transport.test.ts', 2500],
  ['test/commands/http-faults.test.ts', 2500],
  ['test/unit/stream-fixtures.test.ts', 2400],
  ['test/emulator/fuzz.test.ts', 2300],
  ['test/e2e/batch-runs.test.ts', 2200],
  ['test/chat/chat-log.test.ts', 2200],
  ['test/e2e/config-files.test.ts', 2000],
  ['test/chat/engine.test.ts', 2000],
  ['test/commands/batch-runs.test.ts', 2000],
  ['test/unit/jq-stream.test.ts', 2000],
  ['test/e2e/auth-oauth.test.ts', 1800],
  ['test/commands/auth-oauth.test.ts', 1800],
  ['test/commands/doctor-bounds.test.ts', 1800],
  ['test/e2e/chat-logs.test.ts', 1600],
  ['test/terminal/hostile-output.test.ts', 1600],
  ['test/commands/auth-emulator.test.ts', 1600],
  ['test/commands/connect.test.ts', 1500],
  ['test/emulator/openai-sdk.test.ts', 1500],
  ['test/unit/contract-agreement.test.ts', 1400],
  ['test/terminal/progress.test.ts', 1300],
  ['test/emulator/core-guard.test.ts', 1300],
])
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    /** The file's duration in the last run, else a guess in ms: a known slow file, a process tier's, another. */
    const weight = (spec: TestSpecification): number => {
      const last = this.ctx.cache.getTestSpecificationResult(spec)?.duration
      if (last !== undefined) return last
      const known = knownSlow.get(spec.moduleId.slice(root.length + 1))
      if (known !== undefined) return known
      return spec.project.name === 'process' ? 5_000 : 500
    }
    const weights = new Map(files.map((spec) => [spec, weight(spec)]))
    // Every project shares its workers (isolate: false), and vitest keeps a worker only when the next file in the queue
    // is of its project: interleaving them made every file load its modules again (test:fast 51 s → 103 s, CPU ×2.4).
    const rank = (spec: TestSpecification) => projectOrder.indexOf(spec.project.name)
    return [...files].sort((a, b) => rank(a) - rank(b) || weights.get(b)! - weights.get(a)!)
  }
}
