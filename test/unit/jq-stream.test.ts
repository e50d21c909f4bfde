// `--jq` in its worker (src/io/jq.ts, issue 32 item 2): what jq prints reaches the writer as it comes, result by
// result, not at the end of the run (jq-wasm collected it all, growing its buffer a byte at a time: quadratic); an
// endless program stops when the run's signal aborts (Ctrl-C, SIGTERM: cli.ts aborts it), and the next run still
// works; a large output arrives whole, in order. The process's exit 130 on SIGINT and SIGTERM: test/e2e/jq.test.ts.
import { expect, it } from 'vitest'
import { CancelledError, CliError } from '../../src/errors.js'
import { checkJq, runJq } from '../../src/io/jq.js'

it('streams the results of an endless program as they come, and stops it when the signal aborts', async () => {
  const abort = new AbortController()
  const seen: string[] = []
  const run = runJq(
    '1, (def f: f; f)',
    'null',
    async (text) => {
      seen.push(text)
      abort.abort() // the first result is here while jq still runs: stop it
    },
    abort.signal,
  )
  await expect(run).rejects.toBeInstanceOf(CancelledError)
  expect(seen).toEqual(['1\n'])
  // the worker was terminated: the next run gets another
  const again: string[] = []
  await runJq('.a', '{"a":"x"}', async (t) => void again.push(t))
  expect(again.join('')).toBe('x\n')
})

it('an endless program with no output stops too, and an endless compile check is not run', async () => {
  const abort = new AbortController()
  setTimeout(() => abort.abort(), 100)
  await expect(runJq('def f: f; f', 'null', async () => {}, abort.signal)).rejects.toBeInstanceOf(CancelledError)
  await expect(checkJq('def f: f; f')).resolves.toBeUndefined()
})

it('a large output arrives whole and in order, in whole lines; a run-time error comes after what was printed', async () => {
  const parts: string[] = []
  await runJq('range(200000) | tostring | "line \\(.)"', 'null', async (t) => void parts.push(t))
  expect(parts.every((p) => p.endsWith('\n'))).toBe(true)
  const lines = parts.join('').split('\n')
  expect(lines.length).toBe(200001)
  expect(lines[199999]).toBe('line 199999')
  expect(lines.every((l, i) => i === 200000 || l === `line ${i}`)).toBe(true)
  const printed: string[] = []
  const failing = runJq('1, error("boom")', 'null', async (t) => void printed.push(t))
  await expect(failing).rejects.toThrow(new CliError('--jq: boom'))
  expect(printed.join('')).toBe('1\n')
})

it('reads a large input whole (jq-wasm fed it a byte at a time, copying the rest at each)', async () => {
  const items = Array.from({ length: 50_000 }, (_, i) => ({ id: `ag_${i}`, n: i }))
  const out: string[] = []
  await runJq('map(.n) | add', JSON.stringify(items), async (t) => void out.push(t))
  expect(out.join('')).toBe(`${(49_999 * 50_000) / 2}\n`)
})
