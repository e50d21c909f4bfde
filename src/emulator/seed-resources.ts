// Demo resources besides agents, chats and keys (those are ./seed.ts): scenarios with signature settings (one
// disabled, one whose agent is gone), webhooks (active and inactive), schedules (cron and interval), sites with pages,
// files and CMS collections. Deterministic: fixed ids, documented demo secrets and a seeded PRNG for content.
import type { Schedule } from '../api/schemas/index.js'
import { putFile } from './handlers/files.js'
import { patternPng } from './png.js'
import { deferNextRunAt, nextRunAtIso } from './schedule-time.js'
import { seedCms, seedEpoch } from './seed-cms.js'
import type { EmulatorState, StoredScenario, StoredSite } from './state.js'

/** Options of seedResources. */
export interface SeedResourcesOptions {
  /** the clock, for schedules' nextRunAt (default Date.now()) */
  now?: number
  /** the agent the demo scenarios run (default: the first agent in the state, else `demo-assistant`) */
  agentId?: string
  /** PRNG seed of the CMS content (default 42) */
  seed?: number
  /** how many `posts` records (default 5000) */
  posts?: number
}

/** The demo secrets, published so that demos and tests can sign and trigger (they protect nothing real). */
export const demoSecrets = {
  scenarios: {
    scn_summarize: { header: 'X-Signature', secret: 'demo-summarize-secret' },
    scn_translate: { header: 'X-Agentry-Signature', secret: 'demo-translate-secret' },
    scn_archive: { header: 'X-Signature', secret: 'demo-archive-secret' },
    scn_orphan: { header: 'X-Signature', secret: 'demo-orphan-secret' },
  },
  webhooks: { whk_orders: 'whsec_demo_orders', whk_legacy: 'whsec_demo_legacy' },
} as const

const at = (days: number) => new Date(seedEpoch + days * 86_400_000).toISOString()

function scenarios(agentId: string): StoredScenario[] {
  const s = demoSecrets.scenarios
  const make = (
    id: keyof typeof s,
    name: string,
    instruction: string,
    extra: Partial<StoredScenario> = {},
  ): StoredScenario => ({
    id,
    name,
    description: `${name} (demo scenario)`,
    enabled: true,
    instruction,
    agentId,
    signature_name: s[id].header,
    signature_secret: s[id].secret,
    createdAt: at(1),
    updatedAt: at(2),
    ...extra,
  })
  return [
    make('scn_summarize', 'Summarize ticket', 'Summarize the input in one short paragraph.'),
    make('scn_translate', 'Translate to French', 'Translate the input into French.'),
    make('scn_archive', 'Archive old posts', 'List the posts to archive.', { enabled: false }),
    make('scn_orphan', 'Orphaned scenario', 'Its agent was deleted, so every run fails.', { agentId: 'agent_deleted' }),
  ]
}

function sites(): StoredSite[] {
  const page = (siteId: string, id: string, title: string, path: string, day: number) => ({
    id,
    siteId,
    title,
    path,
    content: `# ${title}\n\nThis is the ${title.toLowerCase()} page of a demo site.\n`,
    updatedAt: at(day),
  })
  return [
    {
      id: 'site_docs',
      name: 'Documentation',
      domain: 'docs.example.com',
      createdAt: at(3),
      pages: [
        page('site_docs', 'page_home', 'Home', '/', 4),
        page('site_docs', 'page_start', 'Getting started', '/getting-started', 5),
        page('site_docs', 'page_api', 'API reference', '/api', 6),
        page('site_docs', 'page_faq', 'FAQ', '/faq', 7),
      ],
    },
    {
      id: 'site_blog',
      name: 'Blog',
      domain: 'blog.example.com',
      createdAt: at(8),
      pages: [
        page('site_blog', 'page_blog_home', 'Home', '/', 9),
        page('site_blog', 'page_about', 'About', '/about', 9),
      ],
    },
  ]
}

/** The demo logo's bytes, painted once per process (files keep their own base64 copy). */
let logo: Buffer | undefined

/** Adds the demo resources to a state (existing entries with the same ids are replaced). */
export function seedResources(state: EmulatorState, opts: SeedResourcesOptions = {}): void {
  seedResourcesButCms(state, opts)
  seedCms(state, { seed: opts.seed ?? 42, posts: opts.posts ?? 5000 })
}

/** seedResources without the CMS collections (the emulator's seeder builds those on first use). */
export function seedResourcesButCms(state: EmulatorState, opts: Omit<SeedResourcesOptions, 'seed' | 'posts'>): void {
  const now = opts.now ?? Date.now()
  const agentId = opts.agentId ?? state.agents.keys().next().value ?? 'demo-assistant'
  for (const s of scenarios(agentId)) state.scenarios.set(s.id, s)
  const hook = (id: keyof typeof demoSecrets.webhooks, name: string, status: 'active' | 'inactive', scn: string) =>
    state.webhooks.set(id, {
      id,
      name,
      description: `${name} (demo webhook)`,
      status,
      scenarioId: scn,
      secret: demoSecrets.webhooks[id],
      createdAt: at(10),
      updatedAt: at(11),
    })
  hook('whk_orders', 'New orders', 'active', 'scn_summarize')
  hook('whk_legacy', 'Legacy import', 'inactive', 'scn_translate')
  const schedules = [
    {
      id: 'sch_daily',
      name: 'Daily digest',
      scenarioId: 'scn_summarize',
      cron: '0 9 * * 1-5',
      timezone: 'Europe/Paris',
    },
    { id: 'sch_hourly', name: 'Hourly sync', scenarioId: 'scn_translate', intervalSeconds: 3600, timezone: 'UTC' },
    { id: 'sch_paused', name: 'Paused report', scenarioId: 'scn_summarize', cron: '30 6 1 * *', timezone: 'UTC' },
  ]
  for (const s of schedules) {
    const status = s.id === 'sch_paused' ? ('inactive' as const) : ('active' as const)
    const base = { cron: null, intervalSeconds: null, ...s, input: `${s.name} input`, status, lastRunAt: null }
    const schedule: Schedule = { ...base, nextRunAt: null, createdAt: at(12), updatedAt: at(12) }
    // a cron's next run is computed when first read (schedule-time.ts): most runs of `--emulator` never read it
    if (base.cron !== null && status === 'active') deferNextRunAt(schedule, now)
    else schedule.nextRunAt = nextRunAtIso(base, now)
    state.schedules.set(s.id, schedule)
  }
  for (const site of sites()) state.sites.set(site.id, site)
  const file = (path: string, type: string, bytes: Buffer) => putFile(state, path, bytes, type, at(13))
  file('docs/README.md', 'text/markdown', Buffer.from('# Demo files\n\nUploaded by the emulator seed.\n'))
  file('docs/guides/getting-started.md', 'text/markdown', Buffer.from('# Getting started\n\n1. Log in.\n2. Chat.\n'))
  file('data/settings.json', 'application/json', Buffer.from(`${JSON.stringify({ theme: 'dark', locale: 'en' })}\n`))
  logo ??= patternPng('agentry logo', 64, 64)
  file('images/logo.png', 'image/png', logo)
  // an empty folder (files mkdir): listed beside the ones the files imply
  state.folders.set('shared', { path: 'shared', updatedAt: at(13) })
}
