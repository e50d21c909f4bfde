// The single executable (`npm run build:exe`: Node's single-executable application with agentry's modules
// inside) as a user runs it, with no Node on the PATH: the smoke tests of the npm-installed command, run
// against it. Built once per source state and cached (test/helpers/executable.ts).
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { execa } from 'execa'
import { beforeAll, describe, expect, it } from 'vitest'
import { cliEnv, repoRoot, runCli, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { singleExecutable } from '../helpers/executable.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ built: true })
let exe = ''
beforeAll(async () => {
  exe = await singleExecutable()
}, 300_000)

/** Starts the executable: the clean environment of the e2e tests, and a PATH where no `node` can be found. */
function spawnExe(args: string[], env: Record<string, string | undefined> = {}) {
  return execa(exe, args, {
    env: cliEnv(tempConfigDir(), { PATH: tempDir('agentry-empty-path-'), ...env }),
    extendEnv: false,
    reject: false,
    stripFinalNewline: false,
    stdin: 'ignore',
    timeout: 60_000,
  })
}

/** Resolves with the text once `stream` has written a line matching `re` (bounded by the test's timeout). */
async function waitFor(stream: NodeJS.ReadableStream, re: RegExp): Promise<string> {
  let text = ''
  while (!re.test(text)) {
    const [chunk] = (await once(stream, 'data')) as [Buffer]
    text += chunk.toString()
  }
  return text
}

describe('the single executable', () => {
  // the version of package.json, with no warning: the first run of the NODE_OPTIONS test below (its environment
  // changes nothing of it)
  it('prints the help, with no Node beside it and no warning', async () => {
    const h = await spawnExe(['--help'])
    expect(h.exitCode).toBe(0)
    expect(h.stdout).toMatch(/^Usage: agentry/)
    expect(h.stderr).toBe('')
    const sub = await spawnExe(['agents', 'list', '--help'])
    expect(sub.stdout).toMatch(/^Usage: agentry agents list/)
  })

  it("leaves the repository's dist/ as the npm build made it: its training run's code caches stay in its own folder", async () => {
    const { readdirSync } = await import('node:fs')
    const made = readdirSync(join(repoRoot, 'dist'), { recursive: true }).map(String)
    expect(made.filter((f) => f.endsWith('.cache'))).toEqual([])
  })

  it('calls the service: the agents as JSON, as the npm-installed command prints them; exit 3 for an unknown one', async () => {
    const r = await spawnExe(['agents', 'list', '--json', '--all'], fx.env())
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    expect((JSON.parse(r.stdout) as unknown[]).length).toBeGreaterThan(2)
    // the same bytes as the npm-installed command prints
    expect(r.stdout).toBe((await runCli(['agents', 'list', '--json', '--all'], { env: fx.env() })).stdout)
    // --jq (jq from the executable's own asset, with no node_modules beside it): the hostile environment's test
    const missing = await spawnExe(['agents', 'get', 'no-such-agent'], fx.env())
    expect(missing.exitCode).toBe(3)
    expect(missing.stderr).toMatch(/not found/i)
  })

  it('exits 2 for a bad flag value and 8 when nothing listens', async () => {
    const usage = await spawnExe(['agents', 'list', '--limit', '1000'], fx.env())
    expect(usage.exitCode).toBe(2)
    expect(usage.stderr).toMatch(/--limit/)
    const down = await spawnExe(['agents', 'list', '--retries', '0'], {
      ...fx.env(),
      AGENTRY_BASE_URL: 'http://127.0.0.1:9/api/v1beta',
    })
    expect(down.exitCode).toBe(8)
  })

  it('streams a chat answer as NDJSON events', async () => {
    const r = await spawnExe(['chat', 'demo-assistant', '-m', 'count to 5', '--output', 'ndjson'], fx.env())
    expect(r.stderr).toBe('')
    const events = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; text?: string })
    const types = events.map((e) => e.type)
    expect(types.slice(-2)).toEqual(['usage', 'done'])
    expect(types.slice(0, -2).every((t) => t === 'text') && types.length > 3).toBe(true) // in several parts
    expect(events.map((e) => e.text ?? '').join('')).toBe('1 2 3 4 5')
  })

  it('ignores NODE_OPTIONS, OPENSSL_CONF and NODE_PATH: no code of theirs runs, --version and agents list --jq unchanged; NODE_REPL_EXTERNAL_MODULE is refused by Node before any code (exit 9)', async () => {
    const dir = tempDir('agentry-exe-env-')
    const payload = "require('node:fs').writeFileSync(process.env.RAN_MARK, 'yes')"
    writeFileSync(join(dir, 'x.js'), payload)
    // modules of the names the CLI uses, where NODE_PATH would find them first
    for (const name of ['undici', 'zod', 'jq-wasm']) {
      mkdirSync(join(dir, 'nm', name), { recursive: true })
      writeFileSync(join(dir, 'nm', name, 'index.js'), payload)
    }
    writeFileSync(join(dir, 'bad.cnf'), 'nodejs_conf = nc\n[nc]\n[ broken\n') // OpenSSL refuses to start on it
    const mark = { RAN_MARK: join(dir, 'ran') }
    // each of them alone would show in these two runs: NODE_OPTIONS' code writes the mark, OpenSSL's refusal stops
    // the start with an error, a module found by NODE_PATH writes the mark instead of answering
    const hostile = {
      ...mark,
      NODE_OPTIONS: `--require ${join(dir, 'x.js')}`,
      OPENSSL_CONF: join(dir, 'bad.cnf'),
      NODE_PATH: join(dir, 'nm'),
    }
    // the version of package.json, nothing on stderr (no warning), with no Node on the PATH (as every run here)
    const { version } = JSON.parse(readFileSync(`${repoRoot}/package.json`, 'utf8')) as { version: string }
    const v = await spawnExe(['--version'], hostile)
    expect([v.exitCode, v.stdout, v.stderr]).toEqual([0, `${version}\n`, ''])
    // --jq: jq from the executable's own asset (no node_modules beside it, none by NODE_PATH)
    const list = await spawnExe(['agents', 'list', '--json', '--jq', '.[0].id'], { ...fx.env(), ...hostile })
    expect([list.exitCode, list.stdout, list.stderr]).toEqual([0, 'demo-assistant\n', ''])
    expect(existsSync(mark.RAN_MARK)).toBe(false)
    // Node's own start-up check of a single executable that reads no NODE_OPTIONS: the run ends before agentry's code
    const repl = await spawnExe(['--version'], { ...mark, NODE_REPL_EXTERNAL_MODULE: join(dir, 'x.js') })
    expect([repl.exitCode, repl.stdout]).toEqual([9, ''])
    expect(repl.stderr).toContain("NODE_REPL_EXTERNAL_MODULE can't be used")
    expect(existsSync(mark.RAN_MARK)).toBe(false)
  })

  // Each signal once in the executable: SIGTERM here (the stop of jq's worker, and SIGTERM's own path with its grace),
  // SIGINT below (Ctrl-C of a waiting run); both signals on an endless program, each: e2e/jq.test.ts (npm command).
  it('SIGTERM stops an endless --jq program with 130', async () => {
    const proc = spawnExe(['version', '--jq', '1, (def f: f; f)'], { AGENTRY_TERM_GRACE_MS: '60000' })
    await waitFor(proc.stdout!, /^1\n/)
    proc.kill('SIGTERM')
    const r = await proc
    expect([r.exitCode, String(r.stderr)]).toEqual([130, 'error: cancelled\n'])
  })

  it('completes a command word for the shell', async () => {
    const r = await spawnExe(['__complete', '--', 'agents', 'l'])
    expect([r.exitCode, r.stdout]).toEqual([0, 'list\n'])
  })

  it('Ctrl-C stops a waiting run with 130', async () => {
    const proc = spawnExe(['--emulator', 'login', '--no-browser'])
    await waitFor(proc.stderr!, /Waiting for the browser/)
    proc.kill('SIGINT')
    const r = await proc
    expect(r.exitCode, String(r.stderr)).toBe(130)
  })

  it('runs the emulator: `emulator start` serves requests and stops with 0 on Ctrl-C', async () => {
    const proc = spawnExe(['emulator', 'start', '--port', '0'])
    const banner = await waitFor(proc.stdout!, /^api-key: .+\n/m)
    const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(banner)![1]!
    const res = await fetch(`${field('base-url')}/${field('account')}/agents`, {
      headers: { authorization: `Bearer ${field('api-key')}` },
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)
    proc.kill('SIGINT')
    expect((await proc).exitCode).toBe(0)
  })
})
