// The setup action's install step (action.yml → action/install.sh, issue 32 item 5) run as bash with the env GitHub
// gives it, against a release served from 127.0.0.1: it verifies, installs and puts agentry on PATH, and refuses an
// executable that SHA256SUMS does not match. actions/cache and the test-file step need GitHub (README).
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { repoRoot } from '../helpers/cli.js'
import { singleExecutable } from '../helpers/executable.js'

const run = promisify(execFile)
const version = '9.8.7'
const name = `agentry-${version}-linux-x64`
const root = mkdtempSync(join(tmpdir(), 'agentry-action-'))
const served = join(root, 'releases', `v${version}`)
let server: Server
let base = ''
beforeAll(async () => {
  mkdirSync(served, { recursive: true })
  const exe = singleExecutable()
  copyFileSync(exe, join(served, name))
  const digest = createHash('sha256').update(readFileSync(exe)).digest('hex')
  writeFileSync(join(served, 'SHA256SUMS'), `${digest}  ${name}\n`)
  server = createServer((req, res) => {
    const file = join(root, 'releases', decodeURIComponent(req.url ?? '/').replace(/\.\./g, ''))
    if (!existsSync(file)) return res.writeHead(404).end()
    res.writeHead(200).end(readFileSync(file))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 240_000)
afterAll(() => {
  server?.close()
  rmSync(root, { recursive: true, force: true })
})

function step(job: string) {
  const dir = join(root, job)
  mkdirSync(join(dir, 'temp'), { recursive: true })
  const env = {
    PATH: process.env.PATH ?? '',
    INPUT_VERSION: `v${version}`,
    INPUT_BASE_URL: base,
    AGENTRY_DIR: join(dir, 'toolcache/agentry', version),
    GITHUB_PATH: join(dir, 'github_path'),
    GITHUB_ACTION_PATH: repoRoot,
    RUNNER_TEMP: join(dir, 'temp'),
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
  }
  writeFileSync(env.GITHUB_PATH, '')
  return { env, run: () => run('bash', [join(repoRoot, 'action/install.sh')], { env }) }
}

it('downloads, verifies and puts agentry on PATH', { timeout: 60_000 }, async () => {
  const s = step('ok')
  await s.run()
  const added = readFileSync(s.env.GITHUB_PATH, 'utf8').trim()
  expect(added).toBe(s.env.AGENTRY_DIR)
  const { stdout } = await run('agentry', ['--version'], { env: { PATH: `${added}:/usr/bin:/bin` } })
  const own = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
  expect(stdout).toContain(own.version)
  // a second run with the cache restored downloads nothing new and verifies again
  await s.run()
})

it('refuses an executable that SHA256SUMS does not match', { timeout: 60_000 }, async () => {
  const sums = join(served, 'SHA256SUMS')
  const good = readFileSync(sums, 'utf8')
  writeFileSync(sums, `${'0'.repeat(64)}  ${name}\n`)
  try {
    const s = step('bad')
    const err = (await s.run().catch((e: unknown) => e)) as { code?: number; stderr?: string }
    expect(err.code).toBe(1)
    expect(err.stderr).toContain('does not match SHA256SUMS')
    expect(existsSync(join(s.env.AGENTRY_DIR, name))).toBe(false)
    expect(readFileSync(s.env.GITHUB_PATH, 'utf8')).toBe('')
  } finally {
    writeFileSync(sums, good)
  }
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
