// The one reader of files named by flags and of stdin input (src/io/arg-file.ts): bounded, with usage errors that
// name the flag, the path and the limit.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { UsageError } from '../../src/errors.js'
import { formatBytes, maxBodyBytes, readArgFile, readBounded } from '../../src/io/arg-file.js'
import { tempDir } from '../helpers/temp-dir.js'

describe('readArgFile', () => {
  it('reads a file up to the limit, and refuses a bigger one by its size', async () => {
    const dir = tempDir()
    const file = join(dir, 'body.json')
    writeFileSync(file, '{"a":1}')
    expect((await readArgFile(file, `--data @${file}`, 7)).toString()).toBe('{"a":1}')
    const err = await readArgFile(file, `--data @${file}`, 6).catch((e) => e)
    expect(err).toBeInstanceOf(UsageError)
    expect(err.message).toBe(`--data @${file}: 7 bytes is over the 6 bytes limit`)
  })

  it('stops reading an endless device at the limit', async () => {
    const err = await readArgFile('/dev/zero', '--input-file /dev/zero', 1024 * 1024).catch((e) => e)
    expect(err).toBeInstanceOf(UsageError)
    expect(err.message).toBe('--input-file /dev/zero: it is over the 1 MiB limit')
  })

  it('names a missing file and a directory', async () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'd'))
    await expect(readArgFile(join(dir, 'nope'), '--tools x')).rejects.toThrow(
      '--tools x: cannot read the file (ENOENT)',
    )
    await expect(readArgFile(join(dir, 'd'), '--tools d')).rejects.toThrow('--tools d: is a directory, not a file')
  })

  it('defaults to the service body limit, 25 MiB', () => {
    expect(formatBytes(maxBodyBytes)).toBe('25 MiB')
  })
})

describe('readBounded', () => {
  it('reads a stream up to the limit and refuses more', async () => {
    expect((await readBounded(Readable.from([Buffer.from('ab'), 'cd']), 'stdin', 4)).toString()).toBe('abcd')
    await expect(readBounded(Readable.from(['ab', 'cde']), '--data -', 4)).rejects.toThrow(
      '--data -: it is over the 4 bytes limit',
    )
  })
})
