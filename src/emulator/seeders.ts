// The demo seeders of the resource families beside agents (scenarios, webhooks, schedules, sites, files, CMS),
// run in this order by `--seed demo` after the agents exist. A new family's seeder is one import and one entry.
import type { Seeder } from './seed.js'

/** Every resource seeder, in dependency order (scenarios before the webhooks and schedules that name them). */
export const seeders: readonly Seeder[] = []
