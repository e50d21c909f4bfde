// The setup action's install step (action.yml → action/install.sh, issue 32 item 5) run as bash with the env GitHub
// gives it, against a release served from 127.0.0.1 (the executable the process tests build, linked into the served
// folder, not copied): it verifies, installs and puts agentry on PATH, and refuses an executable that SHA256SUMS does
// not match (a small file of another version: the check is of bytes, whatever their size); a copy already in the
// cache directory is verified, not downloaded again. The test-file step's command (read from action.yml) runs the
// executable that first install put on PATH (`agentry test`) against the emulator with the env GitHub gives it:
// annotations and the step summary. actions/cache itself needs GitHub.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { repoRoot } from '../helpers/cli.js'
import { emulatorFixture, quietEmulator } from '../helpers/emulator.js'
import { executableSha256, singleExecutable } from '../helpers/executable.js'

const run = promisify(execFile)
const version = '9.8.7'
const name = `agentry-${version}-linux-x64`
const root = mkdtempSync(join(tmpdir(), 'agentry-action-'))
const served = join(root, 'releases', `v${version}`)
let server: Server
let base = ''
/** the paths the release server was asked for, in order */
const fetched: string[] = []
const fx = emulatorFixture({ emulator: quietEmulator })
beforeAll(async () => {
  mkdirSync(served, { recursive: true })
  const exe = await singleExecutable()
  symlinkSync(exe, join(served, name))
  writeFileSync(join(served, 'SHA256SUMS'), `${await executableSha256(exe)}  ${name}\n`)
  server = createServer((req, res) => {
    fetched.push(req.url ?? '/')
    const file = join(root, 'releases', decodeURIComponent(req.url ?? '/').replace(/\.\./g, ''))
    if (!existsSync(file)) return res.writeHead(404).end()
    res.writeHead(200)
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 240_000)
afterAll(() => {
  server?.close()
  rmSync(root, { recursive: true, force: true })
})

function step(job: string, release = version) {
  const dir = join(root, job)
  mkdirSync(join(dir, 'temp'), { recursive: true })
  const env = {
    PATH: process.env.PATH ?? '',
    INPUT_VERSION: `v${release}`,
    INPUT_BASE_URL: base,
    AGENTRY_DIR: join(dir, 'toolcache/agentry', release),
    GITHUB_PATH: join(dir, 'github_path'),
    GITHUB_ACTION_PATH: repoRoot,
    RUNNER_TEMP: join(dir, 'temp'),
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
  }
  writeFileSync(env.GITHUB_PATH, '')
  return { env, run: () => run('bash', [join(repoRoot, 'action/install.sh')], { env }) }
}

/** The first install, shared by the tests that need agentry installed (run once, whichever asks first). */
let first: Promise<ReturnType<typeof step>> | undefined
const installed = () => {
  first ??= (async () => {
    const s = step('ok')
    await s.run()
    return s
  })()
  return first
}

it('downloads, verifies and puts agentry on PATH', { timeout: 60_000 }, async () => {
  const s = await installed()
  const added = readFileSync(s.env.GITHUB_PATH, 'utf8').trim()
  expect(added).toBe(s.env.AGENTRY_DIR)
  const { stdout } = await run('agentry', ['--version'], { env: { PATH: `${added}:/usr/bin:/bin` } })
  const own = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
  expect(stdout).toContain(own.version)
  const downloads = () => fetched.filter((p) => p === `/v${version}/${name}`).length
  expect(downloads()).toBe(1)
  // a second run with the cache restored downloads SHA256SUMS only, and verifies the cached copy against it
  const sumsBefore = fetched.filter((p) => p.endsWith('/SHA256SUMS')).length
  await s.run()
  expect(downloads()).toBe(1)
  expect(fetched.filter((p) => p.endsWith('/SHA256SUMS')).length).toBe(sumsBefore + 1)
})

/** The `run:` of action.yml's step named `name` (one line). */
function stepCommand(stepName: string): string {
  const yml = readFileSync(join(repoRoot, 'action.yml'), 'utf8')
  const at = yml.indexOf(`- name: ${stepName}\n`)
  const command = /\n {6}run: (.+)\n/.exec(yml.slice(at))?.[1]
  if (at < 0 || command === undefined) throw new Error(`action.yml has no step "${stepName}" with a run line`)
  return command
}

it('the test-file step runs agentry test from PATH: annotations and the step summary', {
  timeout: 60_000,
}, async () => {
  const s = await installed()
  const dir = join(root, 'tests')
  mkdirSync(dir)
  const file = join(dir, 'agent-tests.yaml')
  writeFileSync(
    file,
    [
      'targets:',
      '  - agent: demo-assistant',
      'cases:',
      '  - description: greets',
      '    message: hello',
      '    assert:',
      '      - type: starts-with',
      '        value: Hello!',
      '  - description: fails on purpose',
      '    message: hello',
      '    assert:',
      '      - type: contains',
      '        value: words it never says',
      '',
    ].join('\n'),
  )
  const summary = join(dir, 'summary.md')
  const env = {
    // each line of GITHUB_PATH goes before the PATH, as GitHub does it (the first test's second run added its line again)
    PATH: `${readFileSync(s.env.GITHUB_PATH, 'utf8').trim().split('\n').join(':')}:/usr/bin:/bin`,
    HOME: dir,
    AGENTRY_CONFIG_DIR: join(dir, 'config'),
    ...fx.env(),
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: summary,
    INPUT_TEST_FILE: file,
  }
  const err = (await run('bash', ['-c', stepCommand('Run the agent tests')], { env }).catch((e: unknown) => e)) as {
    code?: number
    stderr?: string
  }
  // a failing case fails the step (exit 10), annotated at its line of the file
  expect(err.code, err.stderr).toBe(10)
  expect(err.stderr).toMatch(/^::error file=.*agent-tests\.yaml,line=9,title=demo-assistant%3A fails on purpose::/m)
  const md = readFileSync(summary, 'utf8')
  expect(md).toContain('1 passed, 1 failed')
  expect(md).toContain('| fails on purpose | demo-assistant |')
})

it('refuses an executable that SHA256SUMS does not match', { timeout: 60_000 }, async () => {
  const other = '9.8.6'
  const otherName = `agentry-${other}-linux-x64`
  const dir = join(root, 'releases', `v${other}`)
  mkdirSync(dir)
  writeFileSync(join(dir, otherName), '#!/bin/sh\necho tampered\n')
  writeFileSync(join(dir, 'SHA256SUMS'), `${createHash('sha256').update('#!/bin/sh\n').digest('hex')}  ${otherName}\n`)
  const s = step('bad', other)
  const err = (await s.run().catch((e: unknown) => e)) as { code?: number; stderr?: string }
  expect(fetched).toContain(`/v${other}/${otherName}`) // downloaded, then refused
  expect(err.code).toBe(1)
  expect(err.stderr).toContain('does not match SHA256SUMS')
  expect(existsSync(join(s.env.AGENTRY_DIR, otherName))).toBe(false)
  expect(readFileSync(s.env.GITHUB_PATH, 'utf8')).toBe('')
})

it.each([
  ['Linux', 'ARM64', 'linux-arm64'],
  ['macOS', 'ARM64', 'macos-arm64'],
  ['Windows', 'X64', 'windows-x64.exe'],
])("asks a %s %s runner's release for its own executable", { timeout: 30_000 }, async (os, arch, target) => {
  const s = step(`runner-${target}`)
  const err = (await run('bash', [join(repoRoot, 'action/install.sh')], {
    env: { ...s.env, RUNNER_OS: os, RUNNER_ARCH: arch },
  }).catch((e: unknown) => e)) as { code?: number; stderr?: string }
  // the local release holds linux-x64 only: the step names the one it looked for
  expect(err.code).toBe(1)
  expect(err.stderr).toContain(`SHA256SUMS of v${version} does not list agentry-${version}-${target}`)
})

it('names the platforms it has for a runner it has none for', { timeout: 30_000 }, async () => {
  const s = step('runner-none')
  const err = (await run('bash', [join(repoRoot, 'action/install.sh')], {
    env: { ...s.env, RUNNER_OS: 'macOS', RUNNER_ARCH: 'X64' },
  }).catch((e: unknown) => e)) as { code?: number; stderr?: string }
  expect(err.code).toBe(1)
  expect(err.stderr).toContain(
    'no executable is published for macOS-X64 (linux-x64, linux-arm64, macos-arm64, windows-x64)',
  )
})
