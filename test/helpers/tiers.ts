// The suite's tiers (docs/architecture.md "Where does a new test go"): a test file's tier is its folder under test/,
// and a folder that is not one of the named tiers is the `in-process` tier. The tiers run in two vitest projects
// (vitest.config.ts): `process` for the tiers that spawn processes, tmux or chromium, `fast` for the others
// (`npm run test:fast`). Two projects, not one a tier: vitest keeps a worker only for the next file of its project,
// so six projects started ~18 workers that each imported their modules again (test:fast 70.2/71.7 s → 64.2/64.3 s
// of CPU, three projects against one, interleaved). Read by vitest.config.ts, the sequencer, the file-times reporter
// and bench/suite.mjs (which Node 24 loads as it is: plain, erasable TypeScript).

import { readdirSync } from 'node:fs'

/** A tier: its name (its folder under test/, but for `in-process`) and its project. */
export interface Tier {
  name: string
  project: 'process' | 'fast'
}

/** Every tier, in the order the sequencer starts them: the process tiers first (their files are the longest). */
export const tiers: readonly Tier[] = [
  { name: 'e2e', project: 'process' },
  { name: 'terminal', project: 'process' },
  { name: 'browser', project: 'process' },
  { name: 'emulator', project: 'fast' },
  { name: 'in-process', project: 'fast' },
  { name: 'unit', project: 'fast' },
]

/** The tier that holds every folder not named in `tiers`. */
const catchAllTier = 'in-process'

/** The glob of a folder's test files. */
export const folderFiles = (folder: string): string => `test/${folder}/**/*.test.ts`

/** The folders of the named tiers of `project` (every tier but the catch-all has a folder of its name). */
export const projectFolders = (project: Tier['project']): string[] =>
  tiers.filter((t) => t.project === project && t.name !== catchAllTier).map((t) => t.name)

/** The tier of a test file, from its path (absolute, or relative to the repository). */
export function tierOf(file: string): string {
  const folder = /(?:^|\/)test\/([^/]+)\//.exec(file)?.[1]
  return tiers.find((t) => t.name === folder && t.name !== catchAllTier)?.name ?? catchAllTier
}

/** vitest's arguments that run one tier alone: its project, and its folders under `testDir` as file filters. */
export function tierArgs(tier: string, testDir: string): string[] {
  const t = tiers.find((x) => x.name === tier)
  if (!t) throw new Error(`no tier ${tier} (have: ${tiers.map((x) => x.name).join(', ')})`)
  const folders = readdirSync(testDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && tierOf(`test/${d.name}/x`) === t.name)
    .map((d) => `test/${d.name}/`)
  return ['--project', t.project, ...folders]
}
