// The emulator's natural-language search of records (the SDK's `nlSearch(query, matchThreshold)`
// with `withFreshness(timeDecayDays)`): a small deterministic text similarity, no model. Each record's text is the
// words of its data's strings (nested too) and its tags; a word is lowercased and stripped of a plural ending and of
// a verb's -ing or -ed (caching and cache are one word). The similarity of a record to a query is the IDF-weighted
// share of the query's words it contains (a word it has only misspelt, by character trigrams, counts for that
// likeness), so "practical webhooks" finds the posts titled so at 1, and a word of the query that no record has (a
// stop word, "posts") is left out rather than sinking every score.
import type { CmsRecord } from '../api/schemas/index.js'
import { memoize } from '../text/memoize.js'

/** A natural-language search: the text, the least similarity kept, and the optional freshness half-life in days. */
export interface TextSearch {
  text: string
  /** 0–1: records less similar than this are left out (default 0.72, the SDK examples' own) */
  threshold?: number
  /** with freshness, the score is the similarity times 0.5 + 0.5 × 2^(−age in days / this) */
  freshnessDays?: number
}

/** The threshold when none is given. */
const defaultThreshold = 0.72

/** A record found by a search, with its score (0–1, higher is better). */
export type ScoredRecord = CmsRecord & { score: number }

const stopWords = new Set(
  'a an and are about as at be by for from has have in is it its of on or that the this to was with what which who'.split(
    ' ',
  ),
)

/** A word as compared: lowercase, `-ies` → `y`, a plural `s` dropped, then a verb's `-ing` or `-ed` (see verbStem). */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  const singular = word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word
  return verbStem(singular)
}

/**
 * `-ing` or `-ed` dropped when at least three letters with a vowel are left (sing, string, need, used stay), and a
 * doubled last consonant made single (planned → plan; pass, call stay). The `e` such a form lost (caching → cach
 * beside cache) is matched at search time: see sameWords.
 */
function verbStem(word: string): string {
  const suffix = word.endsWith('ing') ? 'ing' : word.endsWith('ed') && !word.endsWith('eed') ? 'ed' : ''
  const rest = word.slice(0, word.length - suffix.length)
  if (suffix === '' || rest.length < 3 || !/[aeiouy]/.test(rest)) return word
  return /([^aeiouylsz])\1$/.test(rest) ? rest.slice(0, -1) : rest
}

/** The words of the records that are this query word as it is, or with the final `e` a verb form drops or keeps. */
function sameWords(word: string, df: ReadonlyMap<string, number>): string[] {
  const forms = [word, `${word}e`, ...(word.endsWith('e') ? [word.slice(0, -1)] : [])]
  return forms.filter((w) => df.has(w))
}

/** The stemmed words of a text (letters and digits of any script), stop words left out. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !stopWords.has(w)).map(stem)
}

/** Every string inside a value (object members and array items, nested), with the record's tags. */
function textOf(r: CmsRecord): string {
  const out: string[] = []
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v)
    else if (Array.isArray(v)) for (const x of v) walk(x)
    else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) walk(x)
  }
  walk(r.data)
  walk(r.tags ?? [])
  return out.join(' ')
}

function trigrams(word: string): Set<string> {
  const padded = ` ${word} `
  const out = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3))
  return out
}

/** Jaccard likeness of two words' trigrams (0–1). */
function likeness(a: string, b: string): number {
  const ta = trigrams(a)
  const tb = trigrams(b)
  let both = 0
  for (const t of ta) if (tb.has(t)) both++
  return both / (ta.size + tb.size - both)
}

/** A misspelling counts when its trigrams are at least this alike. */
const fuzzyFloor = 0.5

/** The words of each record, how many records hold each word, and all the words: what a search reads of a corpus. */
interface Corpus {
  docs: ReadonlySet<string>[]
  df: ReadonlyMap<string, number>
  vocabulary: string[]
}

// Each record list's corpus, kept while the list lives: the emulator's view of a collection is a list made again
// after a write (never changed in place), so paging a search over 5 000 records does not word them all per page.
const corpora = new WeakMap<readonly CmsRecord[], Corpus>()

// Each text's words, kept across lists: a list made again after one write, or another emulator's copy of the same
// records, has mostly the same texts, and wording them is what building a corpus costs.
const wordSet = memoize((text: string): ReadonlySet<string> => new Set(words(text)), 20_000)

function corpusOf(records: readonly CmsRecord[]): Corpus {
  const kept = corpora.get(records)
  if (kept !== undefined && kept.docs.length === records.length) return kept
  const docs = records.map((r) => wordSet(textOf(r)))
  const df = new Map<string, number>()
  for (const d of docs) for (const w of d) df.set(w, (df.get(w) ?? 0) + 1)
  const corpus = { docs, df, vocabulary: [...df.keys()] }
  corpora.set(records, corpus)
  return corpus
}

/** The records at or above the threshold (and matching at all) with their score, best first (ties: stored order). */
export function searchRecords(records: readonly CmsRecord[], search: TextSearch, now: number): ScoredRecord[] {
  const { docs, df, vocabulary } = corpusOf(records)
  // each query word with the words of the records that stand for it (itself, or its near spellings)
  const terms = [...new Set(words(search.text))].flatMap((w) => {
    const same = sameWords(w, df)
    const near =
      same.length > 0
        ? same.map((word) => ({ word, like: 1 }))
        : vocabulary.map((v) => ({ word: v, like: likeness(w, v) })).filter((m) => m.like >= fuzzyFloor)
    if (near.length === 0) return []
    const bestDf = Math.max(...near.map((m) => df.get(m.word) ?? 0))
    return [{ near, idf: Math.log(1 + docs.length / bestDf) }]
  })
  const total = terms.reduce((s, t) => s + t.idf, 0)
  if (total === 0) return []
  const threshold = search.threshold ?? defaultThreshold
  const scored: ScoredRecord[] = []
  records.forEach((r, i) => {
    const doc = docs[i]!
    let got = 0
    for (const t of terms) got += t.idf * Math.max(0, ...t.near.filter((m) => doc.has(m.word)).map((m) => m.like))
    const similarity = got / total
    if (similarity === 0 || similarity < threshold) return
    const score = similarity * freshness(r, search.freshnessDays, now)
    scored.push({ ...r, score: Math.round(score * 10_000) / 10_000 })
  })
  return scored.sort((a, b) => b.score - a.score)
}

/** 1 without a half-life; else 0.5 + 0.5 × 2^(−age/halfLife), the age from the record's publish (or update) time. */
function freshness(r: CmsRecord, halfLifeDays: number | undefined, now: number): number {
  if (halfLifeDays === undefined) return 1
  const at = Date.parse(String(r.publishedAt ?? r.updatedAt ?? r.createdAt ?? ''))
  if (Number.isNaN(at)) return 0.5
  const ageDays = Math.max(0, (now - at) / 86_400_000)
  return 0.5 + 0.5 * 2 ** (-ageDays / halfLifeDays)
}
