// Per-token render time of the interactive chat on a real terminal (issue 4: p99 < 2 ms with markdown on): the
// chat's own answer view (src/chat/interactive/answer.ts) streams the emulator's markdown answer, token by token,
// with colour and highlighting, to a TTY; each token's markdown push and its write to the terminal are timed.
// When stdout is not a terminal (CI, a pipe) the bench runs itself inside a private tmux server (100x30) and prints
// the figures here. It only prints figures; nothing is asserted. Run: npm run bench -- render
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const self = fileURLToPath(import.meta.url)
const args = process.argv.slice(2)
const outFile = args[args.indexOf('--out') + 1]
const child = args.includes('--out')

/** p50/p99/max of a list of times in ms. */
function summary(name, times) {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { name, count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] }
}

/** Bundles the chat's answer view and the emulator's tokenizer from src/ (they are not dist entry points). */
async function load(dir) {
  const entry = join(dir, 'entry.ts')
  const src = (p) => JSON.stringify(join(root, 'src', p))
  writeFileSync(
    entry,
    [
      `export { showAnswer } from ${src('chat/interactive/answer.ts')}`,
      `export { Terminal } from ${src('chat/interactive/terminal.ts')}`,
      `export { createUiStyle } from ${src('chat/interactive/style.ts')}`,
      `export { systemIO } from ${src('io/iostreams.ts')}`,
      `export { loadHighlighter } from ${src('io/markdown/index.ts')}`,
      `export { tokenize } from ${src('emulator/completions/model/tokens.ts')}`,
      `export { markdownShowcase } from ${src('emulator/completions/model/answers.ts')}`,
    ].join('\n'),
  )
  const out = join(dir, 'bundle.mjs')
  await build({ entryPoints: [entry], outfile: out, bundle: true, format: 'esm', platform: 'node', logLevel: 'error' })
  return import(pathToFileURL(out).href)
}

/** A turn that yields the tokens as text events, as the engine does. */
function turnOf(tokens) {
  const content = tokens.join('')
  return {
    result: Promise.resolve({
      status: 'done',
      finishReason: 'stop',
      requestId: 'bench',
      message: { role: 'assistant', content, tool_calls: [] },
      added: [],
      usage: { prompt_tokens: 10, completion_tokens: tokens.length, total_tokens: tokens.length + 10 },
      error: undefined,
    }),
    async *[Symbol.asyncIterator]() {
      yield { type: 'start', request_id: 'bench', agent_id: 'bench', round: 1 }
      for (const text of tokens) yield { type: 'text', text }
      yield { type: 'done', finish_reason: 'stop' }
    },
  }
}

/** Streams answers through the chat's answer view to this process's terminal; returns the timings. */
async function measure(dir) {
  const m = await load(dir)
  await m.loadHighlighter() // a real chat loads it on its first code block; the bench measures steady state
  const io = m.systemIO()
  const style = m.createUiStyle(true)
  const term = new m.Terminal(io, (s) => process.stderr.write(s))
  const run = async (tokens) => {
    const times = []
    await m.showAnswer(turnOf(tokens), {
      term,
      out: (s) => process.stdout.write(s),
      ui: (s) => process.stderr.write(s),
      style,
      now: () => Date.now(),
      animate: false,
      highlight: true,
      color: true,
      cancel: async () => ({ requestId: undefined, server: 'none' }),
      onRender: (ms) => times.push(ms),
    })
    return times
  }
  const showcase = m.tokenize(`${m.markdownShowcase('Bench')}\n`)
  await run(showcase) // warm-up
  const answers = []
  for (let i = 0; i < 40; i++) answers.push(...(await run(showcase)))
  const long = await run(Array.from({ length: 5000 }, (_, i) => (i ? ` word${i}` : 'word0')))
  return [summary('markdown answer', answers), summary('one 5k-token line', long)]
}

function print(results, where) {
  console.log(`render per token, chat answer view on ${where} (colour and highlighting on):`)
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(20)} p50 ${r.p50.toFixed(3)} ms  p99 ${r.p99.toFixed(3)} ms  max ${r.max.toFixed(2)} ms  (${r.count} tokens)  target p99 < 2 ms`,
    )
}

const dir = mkdtempSync(join(tmpdir(), 'agentry-render-'))
try {
  if (child) {
    writeFileSync(outFile, JSON.stringify(await measure(dir)))
  } else if (process.stdout.isTTY) {
    const results = await measure(dir)
    print(results, `this terminal (${process.stdout.columns}x${process.stdout.rows})`)
  } else if (spawnSync('tmux', ['-V']).status === 0) {
    const result = join(dir, 'result.json')
    const socket = `agentry-bench-${process.pid}`
    const tmux = (...a) => spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...a], { encoding: 'utf8' })
    const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`
    tmux(
      'new-session',
      '-d',
      '-x',
      '100',
      '-y',
      '30',
      `${q(process.execPath)} ${q(self)} --out ${q(result)} 2>${q(join(dir, 'err'))}`,
    )
    const deadline = Date.now() + 120_000
    while (!existsSync(result) && Date.now() < deadline && tmux('has-session').status === 0)
      await new Promise((r) => setTimeout(r, 100))
    tmux('kill-server')
    if (!existsSync(result))
      throw new Error(`the bench in tmux gave no result: ${readFileSync(join(dir, 'err'), 'utf8')}`)
    print(JSON.parse(readFileSync(result, 'utf8')), 'a tmux terminal (100x30)')
  } else {
    console.log('render: skipped — stdout is not a terminal and tmux is not installed')
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
