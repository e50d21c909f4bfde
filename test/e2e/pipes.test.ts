// `agentry … | head`: a reader that closes stdout early must end the run at once and quietly, with exit 0
// (docs/exit-codes.md), with the embedded emulator (--emulator) as well as with a separate one. Every run is
// bounded: a hang fails the test instead of stalling the suite. Each output form of `cms query --all` is closed on
// the file's emulator (an embedded one would seed its 5000 posts in each process, ~0.3 s of CPU); the embedded
// emulator closed with its run is `agents list`'s, and `cms query --all`'s under `| head -1`.
import { type ChildProcess, spawn } from 'node:child_process'
import { execa } from 'execa'
import { describe, expect, it } from 'vitest'
import { assertBuilt, binPath, cliEnv, tempConfigDir } from '../helpers/cli.js'
import { emulatorFixture } from '../helpers/emulator.js'

const fx = emulatorFixture({ built: true })
/** How long a run may take once its reader has gone (the bug was: forever). */
const boundMs = 10_000

interface Ended {
  code: number | null
  signal: NodeJS.Signals | null
  ms: number
  stderr: string
}

/**
 * Runs the built CLI with stdout on a pipe whose reader closes before the first write (`| head -1`, after the first
 * line: pipeIntoHead). Resolves when the process ends; SIGKILLs it and rejects when that takes longer than boundMs.
 */
function runWithEarlyClose(args: string[], env: Record<string, string> = {}): Promise<Ended> {
  assertBuilt()
  const child: ChildProcess = spawn(process.execPath, [binPath, ...args], {
    env: cliEnv(tempConfigDir(), env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const started = Date.now()
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString()
  })
  child.stdout!.destroy()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`agentry ${args.join(' ')} still running ${boundMs} ms after its reader left`))
    }, boundMs)
    child.once('error', reject)
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, ms: Date.now() - started, stderr })
    })
  })
}

/** `bash -o pipefail -c 'agentry ARGS | head -1'`, each side bounded by coreutils timeout. */
async function pipeIntoHead(args: string[], env: Record<string, string> = {}) {
  assertBuilt()
  const script = 'timeout -k 2 10 "$0" "$@" | head -1'
  return execa('bash', ['-o', 'pipefail', '-c', script, process.execPath, binPath, ...args], {
    env: cliEnv(tempConfigDir(), env),
    extendEnv: false,
    reject: false,
    timeout: 20_000,
    stdin: 'ignore',
  })
}

describe('stdout closed by its reader', () => {
  const commands: [string, string[]][] = [
    ['--emulator agents list', ['--emulator', 'agents', 'list']],
    ['cms query --all (TSV)', ['cms', 'query', 'posts', '--all']],
    ['cms query --all -o ndjson', ['cms', 'query', 'posts', '--all', '-o', 'ndjson']],
    ['cms query --all -o json', ['cms', 'query', 'posts', '--all', '-o', 'json']],
  ]

  it.each(commands)('%s: closed before the first write, ends quietly with 0', async (_, args) => {
    const r = await runWithEarlyClose(args, args[0] === '--emulator' ? {} : fx.env())
    expect(r.signal).toBeNull()
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.ms).toBeLessThan(boundMs)
  })

  it('help output into a closed pipe ends with 0 and no crash (the EPIPE arrives after the run)', async () => {
    const r = await runWithEarlyClose(['cms', '--help'])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toBe('')
  })

  it('--version, --help and a TAB answered by the bin itself, into a closed pipe: exit 0, nothing on stderr', async () => {
    for (const args of [['--version'], ['--help'], ['__complete', '--', 'agents', 'l']]) {
      const r = await runWithEarlyClose(args)
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0)
      expect(r.stderr).toBe('')
    }
  })

  it('`| head -1` under pipefail (the reader leaves after the first line): one line, exit 0, nothing on stderr, with the embedded emulator and with a separate one', async () => {
    // `cms query --all` writes 5000 rows: the reader leaves while they are still being written (a short listing such
    // as `agents list` may be written whole before `head` exits, meeting no closed pipe at all)
    const embedded = await pipeIntoHead(['--emulator', 'cms', 'query', 'posts', '--all'])
    expect(embedded.exitCode, String(embedded.stderr)).toBe(0)
    expect(String(embedded.stdout).split('\n')).toHaveLength(1)
    expect(String(embedded.stdout)).toMatch(/^post_\S+\t/)
    expect(embedded.stderr).toBe('')
    const tsv = await pipeIntoHead(['cms', 'query', 'posts', '--all'], fx.env())
    expect(tsv.exitCode, String(tsv.stderr)).toBe(0)
    expect(String(tsv.stdout).split('\n')).toHaveLength(1)
    expect(String(tsv.stdout)).toMatch(/^post_\S+\t/)
    expect(tsv.stderr).toBe('')
    // the emulator served the run and still serves others: nothing the early close did reached it (runs against it
    // closed before the first write are the three `cms query --all` above)
    const env = fx.env()
    const listed = await fetch(`${env.AGENTRY_BASE_URL}/${env.AGENTRY_ACCOUNT}/agents`, {
      headers: { authorization: `Bearer ${env.AGENTRY_API_KEY}` },
    })
    expect(listed.status).toBe(200)
    expect(((await listed.json()) as { data: { id: string }[] }).data.map((a) => a.id)).toContain('demo-assistant')
  })
})
