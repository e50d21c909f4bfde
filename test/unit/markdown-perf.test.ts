// Reports the per-token render time of the stream renderer on a long answer (no timing assertion: timings depend on
// the machine). What it asserts is what makes the time O(token): correct output and output bytes linear in the
// answer, never a redraw of earlier text.
import { beforeAll, expect, test } from 'vitest'
import { createMarkdownStream, type Highlighter, loadHighlighter, renderMarkdown } from '../../src/io/markdown/index.js'
import { markdownDocs } from '../helpers/markdown-docs.js'
import { screenOf } from '../helpers/vterm.js'

let highlighter: Highlighter
beforeAll(async () => {
  highlighter = await loadHighlighter()
})

/** Splits text into token-sized pieces (1 to 12 characters) with a fixed pseudo-random sequence. */
function tokens(text: string): string[] {
  const out: string[] = []
  let seed = 42
  for (let i = 0; i < text.length; ) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    const n = 1 + (seed % 12)
    out.push(text.slice(i, i + n))
    i += n
  }
  return out
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0
}

// Every document four times (twelve until the suite's CPU was cut: the checks below do not depend on the length, and
// four copies still give thousands of tokens to time) and a paragraph far longer than a screen.
const answer = [
  ...Array.from({ length: 4 }, () => Object.values(markdownDocs)).flat(),
  `A single paragraph line of 20 000 characters: ${'word '.repeat(4000)}\n`,
].join('\n')

for (const color of [true, false]) {
  test(`per-token time on a ${answer.length}-character answer, colour ${color}`, () => {
    const width = 100
    const chunks: string[] = []
    const s = createMarkdownStream({ width, color, highlighter, write: (x) => chunks.push(x) })
    const times: number[] = []
    const pieces = tokens(answer)
    for (const p of pieces) {
      const t0 = performance.now()
      s.push(p)
      times.push(performance.now() - t0)
    }
    s.end()
    const sorted = times.slice().sort((a, b) => a - b)
    const fmt = (ms: number) => `${(ms * 1000).toFixed(1)} µs`
    console.log(
      `markdown stream, colour ${color}: ${pieces.length} tokens, p50 ${fmt(percentile(sorted, 50))}, ` +
        `p99 ${fmt(percentile(sorted, 99))}, max ${fmt(sorted.at(-1) ?? 0)}`,
    )
    const written = chunks.join('')
    const whole = renderMarkdown(answer, { width, color, highlighter })
    expect(written.length).toBeLessThan(2 * (whole.length + answer.length))
    const term = screenOf(written, width)
    expect(term.rewrites).toEqual([])
    expect(term.text()).toBe(screenOf(whole, width).text())
  })
}
