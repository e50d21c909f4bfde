// The one atomic file writer (src/io/atomic-file.ts), whole and streamed: the target appears only complete, with
// the mode asked for; a failure or a discard leaves neither a temp file nor a changed target.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UsageError } from '../../src/errors.js'
import { openAtomicFile, outPath, writeAtomically, writeFileAtomic } from '../../src/io/atomic-file.js'
import { tempDir } from '../helpers/temp-dir.js'

let dir: string
beforeEach(async () => {
  dir = tempDir('agentry-atomic-')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('writeFileAtomic (whole contents)', () => {
  it('writes the whole file with the mode asked for, creating a private directory, no temp file left', async () => {
    const file = join(dir, 'sub', 'credentials.json')
    await writeFileAtomic(file, '{"a":1}\n', { mode: 0o600, createDir: true })
    expect(await readFile(file, 'utf8')).toBe('{"a":1}\n')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await stat(join(dir, 'sub'))).mode & 0o077).toBe(0)
    expect(await readdir(join(dir, 'sub'))).toEqual(['credentials.json'])
  })

  it('replaces a file whose old mode was wider; bytes as given', async () => {
    const file = join(dir, 'x.bin')
    await writeFile(file, 'old', { mode: 0o644 })
    await writeFileAtomic(file, new Uint8Array([0, 255, 10]), { mode: 0o600 })
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect([...(await readFile(file))]).toEqual([0, 255, 10])
  })

  it('a missing directory: the error as it is, or a usage error naming the flag', async () => {
    const file = join(dir, 'nope', 'out.json')
    await expect(writeFileAtomic(file, 'x')).rejects.toMatchObject({ code: 'ENOENT' })
    const err = await writeFileAtomic(file, 'x', { flag: '--out' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(UsageError)
    expect((err as Error).message).toBe(
      `--out ${file}: cannot write there (the directory ${join(dir, 'nope')} does not exist)`,
    )
  })

  it('a rename that fails (the target is a directory) removes the temp file', async () => {
    const target = join(dir, 'taken')
    await mkdir(target)
    await expect(writeFileAtomic(target, 'x')).rejects.toThrow()
    expect(await readdir(dir)).toEqual(['taken'])
  })
})

describe('openAtomicFile / writeAtomically (streamed)', () => {
  it('chunks go to a temp file; the target appears, complete, on commit', async () => {
    const file = join(dir, 'out.ndjson')
    const f = await openAtomicFile(file, { flag: '--out' })
    await f.write('{"a":1}\n')
    await f.write(Buffer.from('{"b":2}\n'))
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^\.out\.ndjson\.\d+\.[0-9a-f]{8}\.tmp$/)])
    await f.commit()
    await f.discard() // after commit: nothing
    expect(await readdir(dir)).toEqual(['out.ndjson'])
    expect(await readFile(file, 'utf8')).toBe('{"a":1}\n{"b":2}\n')
  })

  it('discard leaves an older complete file as it was', async () => {
    const file = join(dir, 'report.xml')
    await writeFile(file, 'complete')
    const f = await openAtomicFile(file, { flag: '--junit' })
    await f.write('half')
    await f.discard()
    expect(await readdir(dir)).toEqual(['report.xml'])
    expect(await readFile(file, 'utf8')).toBe('complete')
  })

  it('writeAtomically: committed when fn resolves, discarded when it throws', async () => {
    const file = join(dir, 'img.png')
    const written = await writeAtomically(file, async (f) => {
      await f.write('png')
      return 3
    })
    expect(written).toBe(3)
    expect(await readFile(file, 'utf8')).toBe('png')
    const failed = writeAtomically(file, async (f) => {
      await f.write('partial')
      throw new Error('connection reset')
    })
    await expect(failed).rejects.toThrow('connection reset')
    expect(await readdir(dir)).toEqual(['img.png'])
    expect(await readFile(file, 'utf8')).toBe('png')
  })

  it('writeAtomically names --out when the file cannot be created', async () => {
    const file = join(dir, 'missing', 'a.txt')
    await expect(writeAtomically(file, (f) => f.write('x'))).rejects.toThrow(`--out ${file}: cannot write there`)
  })
})

it('outPath: inside a directory under the fallback name, else the path itself', async () => {
  expect(await outPath(dir, 'file.txt')).toBe(join(dir, 'file.txt'))
  expect(await outPath(join(dir, 'new.txt'), 'file.txt')).toBe(join(dir, 'new.txt'))
})
