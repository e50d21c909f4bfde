// The pure parts of the bulk CMS commands (issue 11; --shard is tested in shard.test.ts): the bounded ordered window of
// export, the import checkpoint, derived identities, and the resume state's refusal of another job.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { holdsItem, lineIdentity } from '../../src/cms/import-identity.js'
import { LineCheckpoint } from '../../src/cms/line-checkpoint.js'
import { orderedWindow } from '../../src/cms/ordered-window.js'
import { resumeFrom, writeResumeState } from '../../src/cms/resume-state.js'
import { pollUntil } from '../helpers/poll.js'
import { tempDir } from '../helpers/temp-dir.js'

describe('orderedWindow', () => {
  it('yields in key order, never holds more than `size` results, and fetches every key once', async () => {
    // fast-check's scheduler settles the fetches and the consumer's pauses in an order it chooses (and shrinks)
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.nat(30), fc.integer({ min: 1, max: 6 }), async (s, count, size) => {
        let held = 0
        let most = 0
        const fetched: number[] = []
        const out: number[] = []
        const keys = Array.from({ length: count }, (_, i) => i)
        const consume = async () => {
          for await (const v of orderedWindow(keys, size, async (k) => {
            fetched.push(k)
            held++
            most = Math.max(most, held)
            return s.schedule(Promise.resolve(k), `fetch ${k}`)
          })) {
            out.push(v)
            await s.schedule(Promise.resolve(), `consume ${v}`) // a slow consumer: nothing new starts meanwhile
            held--
          }
        }
        await s.waitFor(consume())
        expect(out).toEqual(keys)
        expect(fetched).toEqual(keys)
        expect(most).toBeLessThanOrEqual(size)
      }),
      { numRuns: 30 },
    )
  })

  it('throws the first failure in order, after the fetches in flight settled', async () => {
    const settled: number[] = []
    const release = new Map<number, () => void>()
    const run = async () => {
      for await (const _ of orderedWindow([1, 2, 3, 4], 3, async (k) => {
        await new Promise<void>((r) => release.set(k, r))
        settled.push(k)
        if (k === 2) throw new Error('page 2 failed')
        return k
      }));
    }
    const failed = expect(run()).rejects.toThrow('page 2 failed')
    // page 2 fails first, then page 1 comes, which starts page 4; 3 and 4 are still running when 2's turn comes
    const finish = async (k: number) => {
      await pollUntil(() => release.has(k), { what: `fetch ${k} started` })
      release.get(k)!()
    }
    await finish(2)
    await finish(1)
    await finish(3)
    await finish(4)
    await failed
    // 4 started once 1 was taken, and is awaited before the failure comes out: nothing runs behind the caller
    expect(settled).toEqual([2, 1, 3, 4])
  })
})

describe('LineCheckpoint', () => {
  it('is the line before the first in flight; failed lines are remembered', () => {
    const cp = new LineCheckpoint()
    cp.start(1)
    cp.start(2)
    cp.pass(3)
    cp.start(4)
    expect(cp.mark).toBe(0)
    cp.finish(2, true)
    expect(cp.mark).toBe(0)
    cp.finish(1, false)
    expect(cp.mark).toBe(3)
    cp.finish(4, false)
    expect(cp.mark).toBe(4)
    expect(cp.failed).toEqual([2])
  })

  it('a resumed run starts at the saved mark, and re-sent failed lines never move it back', () => {
    const cp = new LineCheckpoint(10)
    cp.start(4) // a failed line sent again
    expect(cp.mark).toBe(3)
    cp.finish(4, false)
    cp.start(11)
    cp.finish(11, false)
    expect(cp.mark).toBe(11)
  })
})

describe('import identity', () => {
  it('is the line id, or a stable imp_ id that depends on collection, line number and record', () => {
    const item = { data: { a: 1 }, tags: ['x'] }
    expect(lineIdentity('c', 1, { ...item, id: 'mine' }, false)).toBe('mine')
    const derived = lineIdentity('c', 1, item, false)
    expect(derived).toMatch(/^imp_[A-Za-z0-9_-]{32}$/)
    expect(lineIdentity('c', 1, { ...item, id: 'mine' }, true)).toBe(derived)
    expect(lineIdentity('c', 1, item, false)).toBe(derived)
    expect(new Set([lineIdentity('d', 1, item, false), lineIdentity('c', 2, item, false), derived]).size).toBe(3)
    expect(lineIdentity('c', 1, { data: { a: 2 }, tags: ['x'] }, false)).not.toBe(derived)
  })

  it('a record read back holds the line when data and the set of tags match', () => {
    const item = { data: { a: { b: [1] } }, tags: ['x', 'y'] }
    expect(holdsItem({ data: { a: { b: [1] } }, tags: ['y', 'x'] }, item)).toBe(true)
    expect(holdsItem({ data: { a: { b: [2] } }, tags: ['x', 'y'] }, item)).toBe(false)
    expect(holdsItem({ data: { a: { b: [1] } }, tags: [] }, item)).toBe(false)
  })
})

describe('resume state', () => {
  it('resumes the same job and refuses another one, naming what differs', async () => {
    const path = join(tempDir(), 's.json')
    const job = { collection: 'posts', query: { where: 'a' }, shard: null }
    await writeResumeState(path, job, { page: 3 })
    expect((await resumeFrom(path, job, 'export')).progress).toEqual({ page: 3 })
    await expect(resumeFrom(path, { ...job, query: { where: 'b' } }, 'export')).rejects.toThrow(/another query/)
    await expect(resumeFrom(path, { ...job, collection: 'x' }, 'export')).rejects.toThrow(/another collection/)
    await expect(resumeFrom(`${path}.none`, job, 'export')).rejects.toThrow(/nothing to resume/)
    writeFileSync(path, 'garbage')
    await expect(resumeFrom(path, job, 'export')).rejects.toThrow(/not a resume state/)
  })
})
