// "Did you mean …?": the one rule for every mistyped name (commands and options through src/commands/cli-command.ts,
// config keys, profiles, the chat's slash commands). It is commander's rule for its own suggestions (its
// suggestSimilar, which the package does not export), kept here so that every suggestion agrees: the candidates at
// the smallest edit distance, fewer than 3 edits away and more than 40% alike, no one-letter guesses.

const maxDistance = 3
const minSimilarity = 0.4

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = []
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i]
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j)
        continue
      }
      const prev = rows[i - 1]!
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      row.push(d)
    }
    rows.push(row)
  }
  return rows[a.length]![b.length]!
}

/** The candidates nearest to `word` (sorted; several when tied), or none close enough. */
export function closestNames(word: string, candidates: readonly string[]): string[] {
  let best: string[] = []
  let bestDistance = maxDistance
  for (const candidate of new Set(candidates)) {
    if (candidate.length <= 1) continue
    const distance = editDistance(word, candidate)
    const length = Math.max(word.length, candidate.length)
    if ((length - distance) / length <= minSimilarity) continue
    if (distance < bestDistance) {
      bestDistance = distance
      best = [candidate]
    } else if (distance === bestDistance) best.push(candidate)
  }
  return best.sort((a, b) => a.localeCompare(b))
}

/** `did you mean account?` (`did you mean one of a, b?`), or undefined when nothing is close; `show` dresses a name (an alias may show as its command). */
export function didYouMean(
  word: string,
  candidates: readonly string[],
  show: (name: string) => string = (name) => name,
): string | undefined {
  const names = [...new Set(closestNames(word, candidates).map(show))]
  if (names.length === 0) return undefined
  return names.length === 1 ? `did you mean ${names[0]}?` : `did you mean one of ${names.join(', ')}?`
}
