// The demo seeders of the resource families beside agents (scenarios, webhooks, schedules, sites, files, CMS),
// run by `--seed demo` after the agents exist. A new family's seeder is one import and one entry.
// The CMS collections (thousands of records) are built on first use: see lazy-map.ts.
import { LazyMap } from './lazy-map.js'
import type { Seeder } from './seed.js'
import { seedCms, seedCmsText } from './seed-cms.js'
import { seedResourcesButCms } from './seed-resources.js'

/** The demo CMS: this seed and size give the documented demo content. */
const demoCms = { seed: 42, posts: 5000 } as const

/** Every resource seeder; `now` is the emulator's clock (schedules compute their next run from it). */
export function resourceSeeders(now: () => number): readonly Seeder[] {
  return [
    (state) => {
      seedResourcesButCms(state, { now: now(), agentId: 'demo-assistant' })
      // the collections are built on the first CMS access (a snapshot before it writes their text, made once)
      state.cms = new LazyMap(
        () => seedCms(state, demoCms),
        () => seedCmsText(demoCms),
      )
    },
  ]
}
