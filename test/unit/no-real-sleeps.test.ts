// No test sleeps on the real clock for a fixed time: it polls for what it waits on, with a deadline
// (test/helpers/poll.ts), or puts the time the code measures on a fake clock (vi.useFakeTimers, a Context's `now`
// and `sleep`). A fixed sleep is either too short on a loaded machine (a flaky test) or wasted on a quiet one.
// Read from the sources: an awaited timer (`await new Promise((r) => setTimeout(r, n))`, `await sleep(n)`,
// `await delay(n)`, timers/promises' setTimeout) in a file that does not use fake timers.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../helpers/cli.js'

/** The files that may wait on a timer, and why. */
const allowed: Record<string, string> = {
  'test/helpers/poll.ts': "the poll itself: the step between two checks, bounded by the poll's deadline",
  'test/terminal/tmux.ts': "its waitFor's gap between two reads of the screen, bounded by waitFor's deadline",
  'test/helpers/markdown-docs.ts': 'a code sample in a Markdown document the renderer is tested on, never run',
}

const awaitedTimer =
  /await\s+(?:new Promise\(\(?\w*\)?\s*=>\s*setTimeout\(|(?:sleep|delay|setTimeout)\()|from 'node:timers\/promises'/

/** The lines of a source that wait on the real clock, unless the file uses fake timers. */
function realSleeps(text: string): string[] {
  if (text.includes('vi.useFakeTimers(')) return []
  return text
    .split('\n')
    .map((line, i) => `${i + 1}: ${line.trim()}`)
    .filter((line) => awaitedTimer.test(line))
}

describe('test files', () => {
  it('never sleep on the real clock', () => {
    const found: string[] = []
    for (const dir of ['test'])
      for (const f of readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })) {
        const file = `${dir}/${f}`
        if (!/\.[cm]?[jt]s$/.test(f) || file in allowed) continue
        for (const line of realSleeps(readFileSync(join(repoRoot, file), 'utf8'))) found.push(`${file}:${line}`)
      }
    expect(found).toEqual([])
  })

  it('finds each form of a fixed sleep', () => {
    expect(realSleeps('  await new Promise((r) => setTimeout(r, 20))')).toHaveLength(1)
    expect(realSleeps("import { setTimeout as sleep } from 'node:timers/promises'\nawait sleep(20)")).toHaveLength(2)
    expect(realSleeps('await delay(5)')).toHaveLength(1)
    expect(realSleeps('vi.useFakeTimers()\nawait new Promise((r) => setTimeout(r, 20))')).toEqual([])
    expect(realSleeps('const t = setInterval(() => res.write(piece), 300)')).toEqual([])
  })
})
