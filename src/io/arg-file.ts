// The one reader of files named by flags (--data @file, --input-file, --file, --tools, --resume, --image, secret
// files) and of stdin given as input: always with a size limit, so `--data @/dev/zero` or an endless pipe fails
// fast with a usage error instead of eating the machine's memory. A regular file is refused by its size before a
// byte is read; anything else (a device, a FIFO, stdin) is read until it goes over the limit.
import { constants, type Stats } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { UsageError } from '../errors.js'
import { maxBodyBytes } from '../limits.js'
import { decodeUtf8 } from './utf8-text.js'
import { formatBytes } from '../text/format-bytes.js'

/** The size of the regular file at `path`; a usage error naming it when it is missing, not a file, or unreadable. */
export async function localFileSize(path: string): Promise<number> {
  try {
    const s = await stat(path)
    if (!s.isFile()) throw new UsageError(`${path} is not a file`)
    return s.size
  } catch (err) {
    if (err instanceof UsageError) throw err
    const code = (err as NodeJS.ErrnoException).code
    throw new UsageError(`${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? (err as Error).message)}`)
  }
}

export { maxBodyBytes }

export { formatBytes }

function tooLarge(what: string, limit: number, size?: number): UsageError {
  const got = size !== undefined ? `${formatBytes(size)} is` : 'it is'
  return new UsageError(`${what}: ${got} over the ${formatBytes(limit)} limit`, 'give a smaller file')
}

/**
 * Reads a file named on the command line, at most `limit` bytes (default: the service's body limit); `what` (the flag
 * and path) starts the usage error when it cannot.
 */
export async function readArgFile(
  path: string,
  what: string,
  limit = maxBodyBytes,
  opts: {
    /** refuse anything but a regular file, opened without waiting (a FIFO with no writer would block the open) */
    regularOnly?: boolean
    /** checks the opened file before a byte is read (throws to refuse it): e.g. that it is the one a path check saw */
    opened?: (st: Stats) => void
  } = {},
): Promise<Buffer> {
  let fh: Awaited<ReturnType<typeof open>>
  try {
    // a file that must be a regular one is opened without waiting (a FIFO with no writer would block the open, out of
    // reach of Ctrl-C), then refused by what it is
    fh = await open(path, opts.regularOnly ? constants.O_RDONLY | constants.O_NONBLOCK : 'r')
  } catch (err) {
    throw cannotRead(what, err)
  }
  try {
    const st = await fh.stat()
    opts.opened?.(st)
    if (st.isDirectory()) throw new UsageError(`${what}: is a directory, not a file`)
    if (opts.regularOnly && !st.isFile())
      throw new UsageError(`${what}: is not a regular file (a FIFO, socket or device)`, 'name the file itself')
    if (st.isFile() && st.size > limit) throw tooLarge(what, limit, st.size)
    const parts: Buffer[] = []
    let total = 0
    for (;;) {
      const buf = Buffer.allocUnsafe(64 * 1024)
      const { bytesRead } = await fh.read(buf, 0, buf.length, null)
      if (bytesRead === 0) break
      total += bytesRead
      if (total > limit) throw tooLarge(what, limit)
      parts.push(buf.subarray(0, bytesRead))
    }
    return Buffer.concat(parts, total)
  } catch (err) {
    if (err instanceof UsageError) throw err
    throw cannotRead(what, err)
  } finally {
    await fh.close().catch(() => {})
  }
}

/** Reads a file named on the command line as UTF-8 text (readArgFile, then the one strict decoder). */
export async function readArgText(
  path: string,
  what: string,
  limit = maxBodyBytes,
  opts: { regularOnly?: boolean } = {},
): Promise<string> {
  return decodeUtf8(await readArgFile(path, what, limit, opts), what)
}

function cannotRead(what: string, err: unknown): UsageError {
  const code = (err as NodeJS.ErrnoException).code
  return new UsageError(`${what}: cannot read the file (${code ?? (err as Error).message})`)
}

/** Reads a whole stream (stdin) as bytes, at most `limit`; `what` names it in the usage error. */
export async function readBounded(
  stream: AsyncIterable<string | Uint8Array>,
  what: string,
  limit = maxBodyBytes,
): Promise<Buffer> {
  const parts: Buffer[] = []
  let total = 0
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk)
    total += b.length
    if (total > limit) {
      ;(stream as { destroy?: () => void }).destroy?.()
      throw tooLarge(what, limit)
    }
    parts.push(b)
  }
  return Buffer.concat(parts, total)
}
