// Deterministic image "vision" for the scripted model: a data URL is decoded and described by its type, size and
// pixel dimensions (read from the PNG, GIF or JPEG header); a remote URL is described by its host and file name.
import { createHash } from 'node:crypto'

/** Width and height from an image's header bytes, when the format is known. */
export function imageDimensions(b: Buffer): { width: number; height: number; format: string } | undefined {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR') {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), format: 'PNG' }
  }
  if (b.length >= 10 && b.toString('latin1', 0, 4) === 'GIF8') {
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8), format: 'GIF' }
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return undefined
      const marker = b[i + 1]!
      const len = b.readUInt16BE(i + 2)
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5), format: 'JPEG' }
      }
      i += 2 + len
    }
  }
  return undefined
}

const kb = (n: number) => (n < 1024 ? `${n} bytes` : `${(n / 1024).toFixed(1)} KB`)

/** One sentence about an image URL; the same URL always gives the same sentence. */
export function describeImage(url: string): string {
  const m = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url)
  if (m) {
    const mime = m[1] || 'application/octet-stream'
    const base64 = m[2]!.split(';').includes('base64')
    let bytes: Buffer
    try {
      bytes = base64 ? Buffer.from(m[3]!, 'base64') : Buffer.from(decodeURIComponent(m[3]!))
    } catch {
      return `an inline image of type ${mime} whose data could not be decoded`
    }
    const dims = imageDimensions(bytes)
    const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 8)
    const what = dims ? `a ${dims.width}×${dims.height} ${dims.format} image` : `an inline ${mime} image`
    return `${what} (${mime}, ${kb(bytes.length)}, fingerprint ${digest})`
  }
  try {
    const u = new URL(url)
    const file = u.pathname.split('/').filter(Boolean).pop() ?? '(no file name)'
    return `an image at ${u.host || u.protocol} named ${decodeURIComponent(file)} (the emulator does not download images)`
  } catch {
    return `an image reference that is not a URL ("${url.slice(0, 40)}")`
  }
}
