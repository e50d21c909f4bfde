// Demo CMS content (wire.md "CMS content"): a `posts` collection of thousands of records with strings, numbers,
// booleans, nested objects, dates and tags, plus `authors` and `products`, every record published. A seeded PRNG makes
// every run identical. The content of a seed is made once per process, frozen, and shared by every state seeded with
// it: a state gets its own map of each collection, and a write replaces a record (src/emulator/cms-records.ts), never
// changes one in place (a frozen record would throw), so no state changes another one.
import type { CmsRecord } from '../api/schemas/index.js'
import type { EmulatorState } from './state.js'

/** A deterministic PRNG (mulberry32): the same seed gives the same sequence in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const firstNames = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances', 'Edsger']
const lastNames = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Allen']
const categories = ['news', 'engineering', 'product', 'design', 'culture', 'tutorials']
const tagPool = ['ai', 'agents', 'cli', 'release', 'howto', 'security', 'performance', 'community']
const adjectives = ['Fast', 'Quiet', 'Practical', 'Hidden', 'Modern', 'Simple', 'Robust', 'Curious', 'Early', 'Deep']
const nouns = ['agents', 'workflows', 'webhooks', 'schedules', 'prompts', 'pipelines', 'caches', 'queries', 'models']

/** Base time of seeded records: fixed, so seeded content does not depend on the day it was made. */
export const seedEpoch = Date.UTC(2025, 0, 1)

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!
}

function pickSome(rand: () => number, list: readonly string[], max: number): string[] {
  const n = 1 + Math.floor(rand() * max)
  const out = new Set<string>()
  while (out.size < n) out.add(pick(rand, list))
  return [...out]
}

const isoDaysAfterEpoch = (days: number) => new Date(seedEpoch + Math.floor(days * 86_400_000)).toISOString()

function authors(rand: () => number, count: number): { name: string; email: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const first = firstNames[i % firstNames.length]!
    const last = lastNames[Math.floor(i / firstNames.length + rand() * lastNames.length) % lastNames.length]!
    return { name: `${first} ${last}`, email: `${first}.${last}${i}@example.com`.toLowerCase() }
  })
}

/** A seeded record: published as it was made (the demo data is what the delivery access serves). */
function record(id: string, data: Record<string, unknown>, tags: string[], day: number): CmsRecord {
  const at = isoDaysAfterEpoch(day)
  return { id, data, tags, createdAt: at, updatedAt: at, publishedAt: at }
}

/** The seeded collections of one seed and size, in the order they are set, each a map of frozen records. */
type SeedCollections = [name: string, records: ReadonlyMap<string, CmsRecord>][] & { text?: string }

/**
 * What each (seed, posts) has made in this process, the last few of them: every emulator of a process
 * (`--emulator`, a reset, each test) seeds the same demo content: 12 ms of CPU a state when each made its own copy, 3 ms
 * with the frozen records shared (a map of them copied).
 */
const made = new Map<string, SeedCollections>()
const keptSeeds = 4

/** The records of `seed` and `posts`, made and frozen once. */
function seedContent(seed: number, posts: number): SeedCollections {
  const key = `${seed}/${posts}`
  let content = made.get(key)
  if (content === undefined) {
    content = generate(seed, posts).map(([name, records]): [string, ReadonlyMap<string, CmsRecord>] => [
      name,
      new Map(records.map((r) => [r.id, deepFreeze(r)])),
    ]) as SeedCollections
    if (made.size >= keptSeeds) made.delete(made.keys().next().value!)
    made.set(key, content)
  }
  return content
}

/** `v` and every object in it frozen: a write to shared seed content throws instead of changing other states. */
function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x)
    Object.freeze(v)
  }
  return v
}

/**
 * The JSON text of the collections seedCms makes (an object of arrays of records, as a snapshot writes the CMS), made
 * once per process.
 */
export function seedCmsText(opts: { seed: number; posts: number }): string {
  const content = seedContent(opts.seed, opts.posts)
  content.text ??= JSON.stringify(Object.fromEntries(content.map(([name, records]) => [name, [...records.values()]])))
  return content.text
}

/** Fills `posts` (`posts` records), `authors` and `products` with deterministic demo content. */
export function seedCms(state: EmulatorState, opts: { seed: number; posts: number }): void {
  for (const [name, records] of seedContent(opts.seed, opts.posts)) state.cms.set(name, new Map(records))
}

/** Makes the records of a seed (the PRNG's order: authors, posts, products). */
function generate(seed: number, postCount: number): [name: string, records: CmsRecord[]][] {
  const rand = seededRandom(seed)
  const people = authors(rand, 24)
  const authorRecords: CmsRecord[] = []
  people.forEach((a, i) => {
    const id = `author_${String(i + 1).padStart(3, '0')}`
    authorRecords.push(record(id, { ...a, bio: `${a.name} writes about ${pick(rand, categories)}.` }, [], i))
  })
  const posts: CmsRecord[] = []
  for (let i = 1; i <= postCount; i++) {
    const id = `post_${String(i).padStart(5, '0')}`
    const published = rand() < 0.7
    const day = rand() * 700
    const title = `${pick(rand, adjectives)} ${pick(rand, nouns)} #${i}`
    const data = {
      title,
      slug: title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      status: published ? 'published' : 'draft',
      views: published ? Math.floor(rand() ** 2 * 20_000) : 0,
      featured: published && rand() < 0.1,
      author: pick(rand, people),
      category: pick(rand, categories),
      readingMinutes: 1 + Math.floor(rand() * 15),
      publishedAt: published ? isoDaysAfterEpoch(day) : null,
    }
    posts.push(record(id, data, pickSome(rand, tagPool, 3), day))
  }
  const products: CmsRecord[] = []
  for (let i = 1; i <= 500; i++) {
    const id = `product_${String(i).padStart(4, '0')}`
    const data = {
      name: `${pick(rand, adjectives)} ${pick(rand, ['kit', 'plan', 'pack', 'license', 'bundle'])} ${i}`,
      price: Math.round(rand() * 50_000) / 100,
      inStock: rand() < 0.8,
      category: pick(rand, ['hardware', 'software', 'service']),
    }
    products.push(record(id, data, pickSome(rand, ['new', 'sale', 'bestseller', 'limited'], 2), rand() * 700))
  }
  return [
    ['posts', posts],
    ['authors', authorRecords],
    ['products', products],
  ]
}
