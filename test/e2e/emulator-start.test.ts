// `agentry emulator start` as a user runs it: a foreground server that prints where it listens and stops on
// Ctrl-C (SIGINT) or SIGTERM with exit 0 — being asked to stop is a server's normal end (docs/exit-codes.md) —
// even with a keep-alive connection and an unfinished stream open. Every wait is bounded.
import { spawn } from 'node:child_process'
import { readdir, readFile, readlink } from 'node:fs/promises'
import { Agent, request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { assertBuilt, binPath, cliEnv, spawnCli, tempConfigDir } from '../helpers/cli.js'
import { pollUntil } from '../helpers/poll.js'

/** The SIGTERM grace the test gives the CLI (AGENTRY_TERM_GRACE_MS; 5 s by default). */
const graceMs = 400

/** How long a stopped emulator may take to exit (it closes its connections after a short grace). */
const stopBoundMs = 10_000

/** Rejects when `p` takes longer than `ms`. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms)
  })
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}

type Server = ReturnType<typeof spawnCli>

/** Whether process `pid` catches SIGTERM and waits on its stdin (fd 0 in one of its epoll sets), read from Linux's /proc. */
async function waitsOnStdin(pid: number): Promise<boolean> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const caught = BigInt(`0x${/^SigCgt:\s*([0-9a-f]+)$/m.exec(status)?.[1] ?? '0'}`)
    if ((caught & (1n << 14n)) === 0n) return false // bit 14: signal 15, SIGTERM
    for (const fd of await readdir(`/proc/${pid}/fd`)) {
      if ((await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')) !== 'anon_inode:[eventpoll]') continue
      if (/^tfd:\s+0\s/m.test(await readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))) return true
    }
    return false
  } catch {
    return false // gone, or not yet readable
  }
}

/** Starts `emulator start --port 0` and reads its labelled lines from stdout. */
async function startEmulator(): Promise<{ proc: Server; lines: Record<string, string> }> {
  const proc = spawnCli(['emulator', 'start', '--port', '0'], { timeoutMs: 60_000 })
  const lines = await within(
    new Promise<Record<string, string>>((resolve, reject) => {
      let out = ''
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if (!out.includes('api-key: ') || !out.endsWith('\n')) return
        resolve(
          Object.fromEntries(
            out
              .trim()
              .split('\n')
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
          ),
        )
      })
      proc.then((r) => reject(new Error(`the emulator ended before it listened: ${r.stderr}`)), reject)
    }),
    15_000,
    'emulator start',
  )
  return { proc, lines }
}

/** A GET over a keep-alive agent: the connection stays open (idle) after the answer. */
function getKeepAlive(url: string, key: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => {
        body += d.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Starts a streamed completion of the slow agent and resolves at its first bytes, leaving the stream open. */
function openStream(baseUrl: string, key: string): Promise<{ done: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}/agent/slow-poet/chat/completion`,
      { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`))
        const done = new Promise<void>((end) => {
          res.on('close', () => end())
          res.on('error', () => end())
        })
        res.once('data', () => resolve({ done }))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify({ messages: [{ role: 'user', content: 'a very long poem about the sea' }], stream: true }))
  })
}

describe('agentry emulator start', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'serves requests, then %s stops it with exit 0 despite open connections',
    async (signal) => {
      const { proc, lines } = await startEmulator()
      expect(lines.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const key = lines['api-key']!
      const agent = new Agent({ keepAlive: true })
      try {
        const res = await within(
          getKeepAlive(`${lines['base-url']}/${lines.account}/agents`, key, agent),
          10_000,
          'GET agents',
        )
        expect(res.status).toBe(200)
        expect(JSON.parse(res.body).data.length).toBeGreaterThan(0)
        const stream = await within(openStream(lines['base-url']!, key), 10_000, 'the stream')
        const asked = Date.now()
        proc.kill(signal)
        const r = await within(proc, stopBoundMs, `exit after ${signal}`)
        expect(r.exitCode, String(r.stderr)).toBe(0)
        expect(r.signal).toBeUndefined()
        expect(Date.now() - asked).toBeLessThan(stopBoundMs)
        expect(String(r.stderr)).not.toMatch(/error/i)
        // the server is gone: the open stream ended and new connections are refused
        await within(stream.done, 5_000, 'the stream to end')
        await expect(fetch(`${lines.url}/__emulator/counters`)).rejects.toThrow()
      } finally {
        agent.destroy()
        proc.kill('SIGKILL') // a no-op once it ended
      }
    },
  )
})

describe('SIGTERM for other commands', () => {
  it('aborts the run like Ctrl-C: 130, and the run ends (so its embedded emulator was closed)', async () => {
    const proc = spawnCli(['--emulator', 'login', '--no-browser'], { timeoutMs: 60_000 })
    try {
      await within(
        new Promise<void>((resolve) => {
          let err = ''
          proc.stderr.on('data', (d: Buffer) => {
            err += d.toString()
            if (err.includes('Waiting for the browser')) resolve()
          })
        }),
        15_000,
        'login waiting for the browser',
      )
      proc.kill('SIGTERM')
      const r = await within(proc, stopBoundMs, 'exit after SIGTERM')
      expect(r.exitCode, String(r.stderr)).toBe(130)
      expect(String(r.stderr)).toMatch(/cancelled/)
    } finally {
      proc.kill('SIGKILL') // a no-op once it ended
    }
  })

  it('a run that does not stop (blocked on stdin) still ends, by the signal, once the grace has passed', async () => {
    assertBuilt()
    // no --emulator: the key is read from stdin before anything is sent, so no server is needed to block on stdin
    const child = spawn(process.execPath, [binPath, 'login', '--with-api-key'], {
      // the grace is 5 s; the test takes a shorter one (src/cli.ts termGraceMs)
      env: cliEnv(tempConfigDir(), { AGENTRY_TERM_GRACE_MS: String(graceMs) }),
      stdio: ['pipe', 'ignore', 'pipe'],
    })
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    )
    try {
      // it reads stdin to the end, and stdin stays open: only the signal can end it
      await pollUntil(() => waitsOnStdin(child.pid!), {
        timeoutMs: 15_000,
        stepMs: 20,
        what: 'the run waiting on stdin',
      })
      expect(child.exitCode).toBeNull()
      const asked = Date.now()
      child.kill('SIGTERM')
      const r = await within(ended, stopBoundMs, 'exit after SIGTERM')
      expect(r.signal).toBe('SIGTERM')
      expect(Date.now() - asked).toBeGreaterThanOrEqual(graceMs)
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      child.stdin?.destroy()
    }
  })
})
