// A tiny PNG encoder (ISO/IEC 15948: signature, IHDR, one IDAT deflated with node:zlib, IEND) and a deterministic
// picture painted from a seed, for generated images (wire.md "Sites, files, images": the url is a real PNG).
import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** CRC-32 (IEEE, reflected, as PNG chunks use), bit by bit: chunks are few, so no table is kept. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) {
    c ^= byte
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  }
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** Encodes 8-bit RGB pixels (row-major, 3 bytes a pixel) as a PNG with filter type 0 on every row. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`bad PNG size ${width}x${height}`)
  }
  if (rgb.length !== width * height * 3) throw new RangeError(`expected ${width * height * 3} bytes of RGB`)
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // colour type: truecolour
  const stride = width * 3
  const raw = Buffer.alloc((stride + 1) * height)
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A picture that depends only on `seed`: a diagonal gradient between two colours taken from its SHA-256, with
 * concentric rings around a point also taken from it. Same seed and size, same bytes.
 */
export function patternPng(seed: string, width: number, height: number): Buffer {
  const h = createHash('sha256').update(seed).digest()
  const from = [h[0]!, h[1]!, h[2]!]
  const to = [h[3]!, h[4]!, h[5]!]
  const cx = (h[6]! / 255) * width
  const cy = (h[7]! / 255) * height
  const ring = 6 + (h[8]! % 24)
  const rgb = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / Math.max(1, width - 1) + y / Math.max(1, height - 1)) / 2
      const d = Math.hypot(x - cx, y - cy)
      const shade = Math.floor(d / ring) % 2 === 0 ? 1 : 0.8
      const i = (y * width + x) * 3
      for (let c = 0; c < 3; c++) rgb[i + c] = Math.round((from[c]! * (1 - t) + to[c]! * t) * shade)
    }
  }
  return encodePng(width, height, rgb)
}
