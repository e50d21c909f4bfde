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
 */
export const knownSlow = new Map<string, number>([
  ['test/e2e/install-global.test.ts', 20300],
  ['test/browser/agent-test-report.test.ts', 18300],
  ['test/e2e/single-executable.test.ts', 14300],
  ['test/terminal/chat-habits.test.ts', 11400],
  ['test/terminal/chat.test.ts', 11300],
  ['test/e2e/release.test.ts', 10900],
  ['test/e2e/mcp-eras.test.ts', 9700],
  ['test/browser/oauth-login.test.ts', 9000],
  ['test/terminal/completion.test.ts', 7400],
  ['test/e2e/pack-install.test.ts', 6900],
  ['test/e2e/setup-action.test.ts', 6600],
  ['test/chat/chat-edges.test.ts', 6500],
  ['test/chat/chat-mcp.test.ts', 6200],
  ['test/terminal/chat-tty.test.ts', 6200],
  ['test/e2e/config-files.test.ts', 5700],
  ['test/e2e/startup-modules.test.ts', 5300],
  ['test/e2e/pipes.test.ts', 5300],
  ['test/terminal/chat-mcp.test.ts', 4500],
  ['test/e2e/cms-bulk.test.ts', 4100],
  ['test/e2e/connect.test.ts', 3900],
  ['test/e2e/auth-oauth.test.ts', 3900],
  ['test/unit/cms-engine-property.test.ts', 3300],
  ['test/interop/mcp-serve-tools.test.ts', 3100],
  ['test/commands/a2a-flows.test.ts', 2800],
  ['test/e2e/mcp-serve.test.ts', 2700],
  ['test/interop/mcp-live-tools.test.ts', 2600],
  ['test/commands/files-commands.test.ts', 2500],
  ['test/commands/completion.test.ts', 2300],
  ['test/commands/http-faults.test.ts', 2200],
  ['test/unit/stream-fixtures.test.ts', 2200],
  ['test/chat/chat-log.test.ts', 2200],
  ['test/unit/jq-stream.test.ts', 2100],
  ['test/emulator/fuzz.test.ts', 1900],
  ['test/unit/config-store.test.ts', 1800],
  ['test/commands/batch-runs.test.ts', 1800],
  ['test/chat/engine.test.ts', 1700],
  ['test/commands/connect.test.ts', 1600],
  ['test/commands/auth-oauth.test.ts', 1600],
  ['test/emulator/openai-sdk.test.ts', 1600],
  ['test/emulator/fuzz-hostile.test.ts', 1500],
  ['test/commands/doctor-bounds.test.ts', 1500],
  ['test/commands/api-doc.test.ts', 1400],
  ['test/commands/auth-emulator.test.ts', 1400],
  ['test/chat/chat-export-test.test.ts', 1400],
  ['test/emulator/resources-http.test.ts', 1300],
  ['test/unit/markdown-stream.test.ts', 1300],
  ['test/commands/cms-commands.test.ts', 1300],
  ['test/commands/settings.test.ts', 1200],
  ['test/logs/chat-logs.test.ts', 1200],
  ['test/emulator/core-guard.test.ts', 1200],
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
