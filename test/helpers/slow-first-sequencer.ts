// The order in which the suite's files start (vitest.config.ts `sequence.sequencer`): each project's files in a row,
// the `process` project first (e2e, terminal, browser: their files are the slowest and mostly wait on processes), then
// the `fast` one, slowest first within a project, so that the workers finish together instead of one running a 40 s
// file alone at the end, and a worker goes on with its project's next file. Every file is placed by the last run's
// duration (vitest keeps it in node_modules/.vite); a file the last run did not time (a clean clone, a new file) is
// given a guess: the files of `knownSlow` (the slowest of a measured run, bench/suite.mjs) a long time, a process
// tier's file 5 s, an in-process one 0.5 s.
import type { TestSpecification } from 'vitest/node'
import { BaseSequencer } from 'vitest/node'
import { tiers } from './tiers.js'

/** The order of the projects' blocks of files: that of their tiers (test/helpers/tiers.ts), the process tiers first. */
const projectOrder: string[] = [...new Set(tiers.map((t) => t.project))]

/** The slowest files of a measured run (npm run bench -- suite), slowest first; a guess for a clean clone. */
const knownSlow = [
  'test/e2e/install-global.test.ts',
  'test/browser/agent-test-report.test.ts',
  'test/terminal/chat-habits.test.ts',
  'test/e2e/single-executable.test.ts',
  'test/browser/oauth-login.test.ts',
  'test/e2e/mcp-eras.test.ts',
  'test/terminal/chat.test.ts',
  'test/e2e/startup-modules.test.ts',
  'test/e2e/setup-action.test.ts',
  'test/e2e/release.test.ts',
  'test/e2e/pipes.test.ts',
  'test/terminal/completion.test.ts',
  'test/e2e/cms-bulk.test.ts',
  'test/e2e/connect.test.ts',
  'test/terminal/chat-tty.test.ts',
  'test/e2e/config-files.test.ts',
  'test/chat/chat-mcp.test.ts',
  'test/e2e/pack-install.test.ts',
]
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    /** The file's duration in the last run, else a guess in ms: a known slow file, a process tier's, another. */
    const weight = (spec: TestSpecification): number => {
      const last = this.ctx.cache.getTestSpecificationResult(spec)?.duration
      if (last !== undefined) return last
      const rank = knownSlow.indexOf(spec.moduleId.slice(root.length + 1))
      if (rank >= 0) return 60_000 - rank * 1000
      return spec.project.name === 'process' ? 5_000 : 500
    }
    const weights = new Map(files.map((spec) => [spec, weight(spec)]))
    // Every project shares its workers (isolate: false), and vitest keeps a worker only when the next file in the queue
    // is of its project: interleaving them made every file load its modules again (test:fast 51 s → 103 s, CPU ×2.4).
    const rank = (spec: TestSpecification) => projectOrder.indexOf(spec.project.name)
    return [...files].sort((a, b) => rank(a) - rank(b) || weights.get(b)! - weights.get(a)!)
  }
}
