// Per-token cost of the terminal markdown renderer that `agentry chat` uses on a TTY (colour and highlighting on):
// the emulator's markdown answer token by token (repeated), one very long line (the raw-echo worst case), and
// paragraphs of words that are not ASCII (accents, CJK, emoji: each character's width is measured).
// The renderer and the emulator's tokenizer are bundled from src/ with esbuild (they are not dist entry points).
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

/** Times every push of a token stream into a fresh markdown stream; returns p50, p99, max and the total in ms. */
function measure(name, md, toks) {
  const times = new Float64Array(toks.length)
  let written = 0
  const stream = md.createMarkdownStream({
    write: (s) => {
      written += s.length
    },
    width: 100,
    height: 40,
    color: 3,
    highlighter: md.highlighter,
  })
  for (let i = 0; i < toks.length; i++) {
    const t = performance.now()
    stream.push(toks[i])
    times[i] = performance.now() - t
  }
  stream.end()
  if (written === 0) throw new Error(`${name}: nothing rendered`)
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  const total = times.reduce((a, b) => a + b, 0)
  return { name, count: toks.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1], total }
}

/** Runs the render measurements; `root` is the repository, `dir` a scratch directory. */
export async function renderBench(root, dir) {
  const entry = join(dir, 'render-entry.ts')
  const out = join(dir, 'render-bundle.mjs')
  const { writeFileSync } = await import('node:fs')
  writeFileSync(
    entry,
    [
      `export { createMarkdownStream, loadHighlighter } from ${JSON.stringify(join(root, 'src/io/markdown/index.ts'))}`,
      `export { tokenize } from ${JSON.stringify(join(root, 'src/emulator/completions/model/tokens.ts'))}`,
      `export { markdownShowcase } from ${JSON.stringify(join(root, 'src/emulator/completions/model/answers.ts'))}`,
    ].join('\n'),
  )
  await build({ entryPoints: [entry], outfile: out, bundle: true, format: 'esm', platform: 'node', logLevel: 'error' })
  const mod = await import(pathToFileURL(out).href)
  const md = { createMarkdownStream: mod.createMarkdownStream, highlighter: await mod.loadHighlighter() }
  const showcase = mod.tokenize(`${mod.markdownShowcase('Bench')}\n`)
  const answer = Array.from({ length: 40 }, () => showcase).flat()
  const longLine = Array.from({ length: 20_000 }, (_, i) => (i ? ` ${i + 1}` : '1'))
  // text that is not ASCII: every character's width is asked of string-width (accents, CJK, emoji)
  const words = ['Zürich', 'café', 'naïve', '東京', '天気', 'Ελλάδα', 'Привет', '👍', '🎉', 'straße', 'ñandú', '한국어']
  const wide = Array.from({ length: 40_000 }, (_, i) => `${words[i % words.length]}${i % 17 === 16 ? '\n\n' : ' '}`)
  measure('warm-up', md, answer.slice(0, 2000))
  return [
    measure('markdown answer', md, answer),
    measure('one 20k-token line', md, longLine),
    measure('40k non-ASCII words', md, wide),
  ]
}
