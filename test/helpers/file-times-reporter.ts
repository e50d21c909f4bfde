// A vitest reporter (vitest.config.ts) for bench/suite.mjs: writes, to the file named by AGENTRY_FILE_TIMES, each test file's tier
// (its folder, test/helpers/tiers.ts), its own time and its test counts. A file's own time is all vitest spent on it in its worker: preparing,
// importing, and running its tests and hooks (beforeAll included: an emulator, a browser or an executable built for
// the file). vitest's JSON reporter counts only from its first test to its last, which leaves those out.
import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'
import { tierOf } from './tiers.js'

/** One test file as bench/suite.mjs reads it. */
interface FileTime {
  file: string
  tier: string
  ms: number
  tests: number
  failed: number
  /** the names of its failed tests */
  failures: string[]
  /** when it started and ended in the run, ms from the run's start (which files overlapped, what ran last) */
  start: number
  end: number
}

export default class FileTimesReporter implements Reporter {
  private runStart = performance.now()
  private readonly spans = new Map<string, { start: number; end: number }>()
  onTestRunStart(): void {
    this.runStart = performance.now()
  }
  onTestModuleStart(m: TestModule): void {
    const at = performance.now() - this.runStart
    this.spans.set(m.moduleId, { start: at, end: at })
  }
  onTestModuleEnd(m: TestModule): void {
    const span = this.spans.get(m.moduleId)
    if (span) span.end = performance.now() - this.runStart
  }
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const out = process.env.AGENTRY_FILE_TIMES
    if (!out) return
    const files: FileTime[] = modules.map((m) => {
      const d = m.diagnostic()
      const tests = [...m.children.allTests()]
      const failures = tests.filter((t) => t.result().state === 'failed').map((t) => t.fullName)
      return {
        file: m.relativeModuleId,
        tier: tierOf(m.relativeModuleId),
        ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
        tests: tests.length,
        // a file that failed with no failed test (an import or a hook failed) counts as one failure
        failed: failures.length || (m.state() === 'failed' ? 1 : 0),
        failures,
        start: Math.round(this.spans.get(m.moduleId)?.start ?? 0),
        end: Math.round(this.spans.get(m.moduleId)?.end ?? 0),
      }
    })
    writeFileSync(out, JSON.stringify(files))
  }
}
