// What `agents list --json` loads (issue 7 item 9, start-up budget): node built-ins that cost start-up time and that
// this path never uses must stay unloaded. A resolve hook (module.registerHooks) given by NODE_OPTIONS logs each
// such require, and at exit the internal modules (process.moduleLoadList) that only a lazy getter loads; one run
// logs every file loaded too, and so shows what stays off the path (commander, zod, chalk, jq, undici; node:sqlite,
// the conversation log's, off every path but chat's, even with the log on). --help and
// --version answered by the bin (dist/help.cjs, dist/version.cjs) without a server.
// scripts/build.mjs makes undici's HTTP/2 client load node:http2 and commander node:child_process only when used,
// and takes fs/util/process/crypto through require() so that no ESM facade runs their lazy getters.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { builtOutputs, chunksOf } from '../helpers/built-chunks.js'
import { runCli, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ built: true, emulator: quietEmulator })

it('agents list --json (stdin a pipe) loads 6 files or fewer (the one core chunk, src/core-chunk.ts): neither node:http2, node:https, node:tls, node:crypto, node:child_process, node:tty, node:fs/promises, perf_hooks nor lazy internals, no commander, no zod, no chalk, nothing of jq; __complete of a flag 2 files', {
  timeout: 60_000,
}, async () => {
  // one run logs both: each file the ESM loader loads, each costly built-in required, and at exit the internal
  // modules (process.moduleLoadList) that only a lazy getter loads
  const loads = join(tempDir('agentry-loads-'), 'log-loads.mjs')
  writeFileSync(
    loads,
    `import { registerHooks } from 'node:module'
registerHooks({
  resolve(s, c, next) { if (/^(node:)?(http2|tls|https|child_process|dgram)$/.test(s)) process.stderr.write('builtin ' + s + '\\n'); return next(s, c) },
  load(url, c, next) { if (url.startsWith('file:') && !url.endsWith('log-loads.mjs')) process.stderr.write('load ' + url + '\\n'); return next(url, c) },
})
const lazy = ['internal/fs/streams', 'internal/crypto/webcrypto', 'internal/process/report', 'internal/child_process', 'dgram', 'https', 'tls', 'crypto', 'tty', 'internal/fs/promises', 'perf_hooks']
process.on('exit', () => {
  for (const m of lazy) if (process.moduleLoadList.includes('NativeModule ' + m)) process.stderr.write('loaded ' + m + '\\n')
  if (process.moduleLoadList.some((m) => /sqlite/i.test(m))) process.stderr.write('loaded sqlite\\n')
})
`,
  )
  const files = async (
    args: string[],
    opts: { configDir?: string; env?: Record<string, string | undefined>; input?: string } = {},
  ) => {
    const r = await runCli(args, {
      ...(opts.configDir ? { configDir: opts.configDir } : {}),
      ...(opts.input !== undefined ? { input: opts.input } : {}),
      env: { ...fx.env(), ...opts.env, NODE_OPTIONS: `--import ${loads}` },
    })
    expect(r.exitCode, r.stderr).toBe(0)
    return { stdout: r.stdout, lines: r.stderr.split('\n').filter((l) => l.startsWith('load ')), stderr: r.stderr }
  }
  /** whether the run loaded node:sqlite (the conversation log's: chat and logs alone load it) */
  const sqlite = (stderr: string) => stderr.split('\n').includes('loaded sqlite')
  // 39 before the core chunk, 9 with two cores, 5 with one (the bin, dist/cli.js, the core, the agents group, its
  // checks; esbuild's helper chunk only where a helper is used, scripts/build.mjs): Node's ESM loader costs ~0.4 ms
  // a file (bench/startup)
  const listed = await files(['agents', 'list', '--json'], { input: '' })
  const list = listed.lines
  // no costly built-in, no lazy internal, no node:sqlite: the stderr holds the loads alone
  expect(listed.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('load '))).toEqual([])
  expect((JSON.parse(listed.stdout) as unknown[]).length).toBeGreaterThan(0)
  expect(list.length, list.join('\n')).toBeLessThanOrEqual(6)
  // a JSON answer with no proxy goes by node:http (src/api/plain-http.ts): no undici
  expect(list.some((l) => /undici/.test(l))).toBe(false)
  // jq-wasm (dist/chunks/jq-….js, node_modules/jq-wasm/…) loads with --jq only (test/e2e/jq.test.ts): not any name
  // with the letters in it, as a chunk's content hash can be (chunk-NY3JQYL3.js)
  expect(list.filter((l) => /\/jq[-.]/.test(l))).toEqual([])
  // a plain command line is read from the declarations (src/direct-run.ts): no commander; a usage error loads it
  const commander = chunksOf('commander')
  expect(commander.length).toBeGreaterThan(0)
  expect(list.filter((l) => commander.some((f) => l.endsWith(f)))).toEqual([])
  // chalk (the one palette, src/io/palette.ts) stays off the start-up path when colour is off
  // (test/e2e/palette-startup.test.ts: with colour forced on, it loads)
  const chalk = chunksOf('chalk')
  expect(chalk.length).toBeGreaterThan(0)
  expect(list).toContainEqual(expect.stringMatching(/\/dist\/cli\.js$/))
  expect(list.filter((l) => chalk.some((f) => l.endsWith(f)))).toEqual([])
  // a valid answer, settings and config files pass their generated checks (src/api/accept/<family>.gen.ts,
  // src/config/accept.gen.ts): no zod, whether the settings come from the environment or from the files
  const zod = chunksOf('zod')
  expect(zod.length).toBeGreaterThan(0)
  const loadsZod = (lines: string[]) => lines.filter((l) => zod.some((f) => l.endsWith(f)))
  expect(loadsZod(list)).toEqual([])
  const configDir = tempConfigDir()
  const { AGENTRY_BASE_URL, AGENTRY_ACCOUNT, AGENTRY_API_KEY } = fx.env()
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({
      currentProfile: 'work',
      profiles: { work: { baseUrl: AGENTRY_BASE_URL, account: AGENTRY_ACCOUNT, output: 'json', log: 'on' } },
    }),
  )
  writeFileSync(
    join(configDir, 'credentials.json'),
    JSON.stringify({ profiles: { work: { apiKey: AGENTRY_API_KEY } } }),
    {
      mode: 0o600,
    },
  )
  const unset = { AGENTRY_BASE_URL: undefined, AGENTRY_ACCOUNT: undefined, AGENTRY_API_KEY: undefined }
  const fromFilesRun = await files(['agents', 'list', '--json'], { configDir, env: unset })
  const fromFiles = fromFilesRun.lines
  expect(loadsZod(fromFiles), fromFiles.join('\n')).toEqual([])
  // the profile logs conversations (log: on), and still a command other than chat and logs loads no node:sqlite
  // (was test/e2e/chat-logs.test.ts' own `agents list` run); the chat below does load it
  expect(sqlite(fromFilesRun.stderr)).toBe(false)
  // each family's generated checks are a chunk of their own (src/api/accept/<family>.gen.ts): a command loads its
  // family's, no other's
  const acceptChunks = Object.entries(builtOutputs()).flatMap(([file, o]) =>
    Object.keys(o.inputs).flatMap((i) => {
      const family = /src\/api\/accept\/(\w+)\.gen\.ts$/.exec(i)?.[1]
      return family && file.startsWith('dist/chunks/') ? [{ file, family }] : []
    }),
  )
  expect(acceptChunks.length).toBeGreaterThanOrEqual(11)
  const checksLoaded = (lines: string[]) =>
    acceptChunks.filter(({ file }) => lines.some((l) => l.endsWith(file))).map(({ family }) => family)
  expect(checksLoaded(list)).toEqual(['agents'])
  // nor the other calls people run most: a signed scenario run, a CMS query (its items picked by the query), a
  // one-shot chat without tools
  for (const [args, env, family] of [
    [
      ['scenario', 'run', 'scn_summarize', '--input', 'hi'],
      { AGENTRY_SCENARIO_SECRET: 'demo-summarize-secret' },
      'scenarios',
    ],
    [['cms', 'query', 'posts', '--json'], {}, 'cms'],
    [['chat', '-m', 'hi', 'demo-assistant'], {}, 'chats'],
  ] as const) {
    const run = await files([...args], { configDir, env: { ...unset, ...env } })
    const loaded = run.lines
    expect(loadsZod(loaded), `${args.join(' ')}:\n${loaded.join('\n')}`).toEqual([])
    expect(checksLoaded(loaded), `${args.join(' ')}:\n${loaded.join('\n')}`).toEqual([family])
    expect(sqlite(run.stderr), args.join(' ')).toBe(family === 'chats')
  }
  // a value the checks do not accept goes to zod, which decides as before (a profile's timeout is parsed by zod)
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({
      currentProfile: 'work',
      profiles: { work: { baseUrl: AGENTRY_BASE_URL, account: AGENTRY_ACCOUNT, timeout: 30 } },
    }),
  )
  const refused = await files(['agents', 'list', '--json'], { configDir, env: unset })
  expect(loadsZod(refused.lines).length).toBeGreaterThan(0)
  // a TAB that completes a flag name loads the completion table alone (no CLI, no commander); a command name: the
  // next test
  const complete = (await files(['__complete', '--', 'agents', 'list', '--'])).lines
  expect(complete.map((l) => l.replace(/.*\//, '')).sort()).toEqual(['agentry.cjs', 'complete.cjs'])
})

it("--version, --help and a TAB answered from the table never start Node's ES-module loader (every file is required as CommonJS) nor make process.stdout, and answer", async () => {
  // A resolve and load hook (module.registerHooks, given by --require: an --import would start the ES-module loader
  // itself) logs how each file is reached: a resolve by the ES-module loader carries the "import" condition, one by
  // require() the "require" condition; and each load's format. A built-in the bin requires shows as "builtin".
  // At exit it logs node:net and node:stream if loaded: process.stdout on a pipe (runCli's) is a net.Socket. It writes
  // to fd 2 directly, since process.stderr would be one too.
  const hook = join(tempDir('agentry-cjs-'), 'log-formats.cjs')
  writeFileSync(
    hook,
    `const { writeSync } = require('node:fs')
const log = (line) => writeSync(2, line + '\\n')
require('node:module').registerHooks({
  resolve(s, c, next) { log('resolve ' + (c.conditions.includes('import') ? 'import' : 'require') + ' ' + s); return next(s, c) },
  load(url, c, next) { const r = next(url, c); log('load ' + r.format + ' ' + url); return r },
})
process.on('exit', () => { for (const m of ['net', 'stream']) if (process.moduleLoadList.includes('NativeModule ' + m)) log('stream ' + m) })
`,
  )
  const trace = async (args: string[]) => {
    const r = await runCli(args, { env: { ...fx.env(), NODE_OPTIONS: `--require ${hook}` } })
    expect(r.exitCode, r.stderr).toBe(0)
    expect(r.stdout).not.toBe('')
    return { stdout: r.stdout, lines: r.stderr.split('\n').filter((l) => /^(resolve|load|stream) /.test(l)) }
  }
  const answers: Record<string, string> = {}
  for (const args of [['--version'], ['-V'], ['--help'], ['-h'], ['__complete', '--', 'agents', 'l']]) {
    const { stdout, lines } = await trace(args)
    answers[args[0]!] = stdout
    // the bin and the one file it answers from
    const files = lines.filter((l) => l.startsWith('load ') && l.includes('file:'))
    expect(files.length, lines.join('\n')).toBe(2)
    expect(
      lines.filter((l) => !/^resolve require |^load (commonjs|builtin) /.test(l)),
      `${args.join(' ')}:\n${lines.join('\n')}`,
    ).toEqual([])
    // a TAB that completes a command name loads the completion table alone (no CLI, no commander)
    if (args[0] === '__complete')
      expect(files.map((l) => l.replace(/.*\//, '')).sort()).toEqual(['agentry.cjs', 'complete.cjs'])
  }
  // what they answer, with no server (was test/e2e/help-version.test.ts)
  expect(answers['--version']).toMatch(/^\d+\.\d+\.\d+\n$/)
  expect(answers['-V']).toBe(answers['--version'])
  expect(answers['--help']).toMatch(/^Usage: agentry/)
  expect(answers['--help']).toMatch(/Exit codes:/)
  expect(answers['--help']).not.toContain('__complete')
  expect(answers['-h']).toBe(answers['--help'])
  // the hook does see the ES-module loader where it runs (the CLI, dist/cli.js and its chunks, is imported), and the
  // CLI writes through process.stdout; config list sends no request, so loads no undici
  const cli = (await trace(['config', 'list'])).lines
  expect(cli).toContain('resolve import ../dist/cli.js')
  expect(cli).toContain('stream net')
  expect(cli.some((l) => /^load module file:.*\/dist\/cli\.js$/.test(l))).toBe(true)
  expect(
    cli.filter((l) => /^load .*undici/.test(l)),
    cli.join('\n'),
  ).toEqual([])
})

// That every chunk still parses after the build rewrote it is the executable's build's to show (scripts/build-exe.mjs
// transforms every file of dist/ with esbuild, which fails on one that does not parse; the process tier builds it, or
// reuses a build of the same sources): an esbuild transform of the ~190 chunks here cost ~1 s of CPU again.
it("the build writes esbuild's CommonJS factories as parenthesised functions (cached by the compile cache), and every file is ASCII (no two-byte source strings)", async () => {
  const { readdirSync, readFileSync } = await import('node:fs')
  const dir = new URL('../../dist/chunks/', import.meta.url)
  const chunks = readdirSync(dir).filter((f) => f.endsWith('.js'))
  let factories = 0
  for (const f of chunks) {
    const code = readFileSync(new URL(f, dir), 'utf8')
    expect(code, f).not.toMatch(/__commonJS\(\{\n *"[^"\n]+"\((exports, module|exports)\) \{\n/)
    factories += code.match(/__commonJS\(\{\n *"[^"\n]+": \(function\(/g)?.length ?? 0
  }
  expect(factories).toBeGreaterThan(100)
  const dist = new URL('../../dist/', import.meta.url)
  const js = readdirSync(dist, { recursive: true })
    .map(String)
    .filter((f) => /\.c?js$/.test(f))
  expect(js.length).toBeGreaterThan(100)
  const notAscii = js.filter((f) => /[^\0-\x7f]/.test(readFileSync(new URL(f, dist), 'latin1')))
  expect(notAscii).toEqual([])
})
