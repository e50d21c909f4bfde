// scripts/elf-inject.mjs: the single executable's blob put into an ELF file as Node finds it (a PT_NOTE segment
// mapped by a PT_LOAD, found from the program header table), on a small ELF file made here. The executable built
// with it runs in test/e2e/single-executable.test.ts.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { injectNote } from '../../scripts/elf-inject.mjs'
import { tempDir } from '../helpers/temp-dir.js'

const BASE = 0x400000 // a non-PIE executable's first segment maps offset 0 here
const FUSE = 'NODE_SEA_FUSE_0123'

/**
 * An ELF executable: the header, PT_PHDR and one PT_LOAD (with 0x3000 bytes of .bss past the file), the fuse after
 * `before` bytes of body.
 */
function tinyElf(fuse = `${FUSE}:0`, before = 2): Buffer {
  const body = Buffer.from(`${'.'.repeat(before)}${fuse}..`)
  const file = Buffer.alloc(64 + 2 * 56 + body.length)
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]).copy(file)
  file.writeUInt16LE(2, 0x10) // ET_EXEC
  file.writeBigUInt64LE(64n, 0x20) // e_phoff
  file.writeUInt16LE(56, 0x36)
  file.writeUInt16LE(2, 0x38)
  phdr(file, 0, { type: 6, offset: 64, size: 112 })
  phdr(file, 1, { type: 1, offset: 0, size: file.length, memsz: file.length + 0x3000 })
  body.copy(file, 64 + 112)
  return file
}
function phdr(file: Buffer, i: number, e: { type: number; offset: number; size: number; memsz?: number }): void {
  const at = 64 + i * 56
  file.writeUInt32LE(e.type, at)
  file.writeBigUInt64LE(BigInt(e.offset), at + 8)
  file.writeBigUInt64LE(BigInt(e.offset + BASE), at + 16)
  file.writeBigUInt64LE(BigInt(e.size), at + 32)
  file.writeBigUInt64LE(BigInt(e.memsz ?? e.size), at + 40)
}
/** The program headers as the loader reads them. */
function segments(file: Buffer) {
  const phoff = Number(file.readBigUInt64LE(0x20))
  return Array.from({ length: file.readUInt16LE(0x38) }, (_, i) => {
    const at = phoff + i * 56
    const n = (k: number) => Number(file.readBigUInt64LE(at + k))
    return { type: file.readUInt32LE(at), offset: n(8), vaddr: n(16), filesz: n(32), memsz: n(40) }
  })
}

describe('injectNote', () => {
  it('appends the blob as a note that the program headers map and point to, and flips the fuse', () => {
    const path = join(tempDir('agentry-elf-'), 'node')
    writeFileSync(path, tinyElf())
    const blob = Buffer.from('the blob, 23 bytes long')
    injectNote(path, 'NODE_SEA_BLOB', blob, FUSE)
    const file = readFileSync(path)
    expect(file.includes(`${FUSE}:1`)).toBe(true)
    const segs = segments(file)
    expect(segs.map((s) => s.type)).toEqual([6, 1, 1, 4]) // PHDR first, the new LOAD after the old one, the NOTE
    const [table, , load, note] = segs as [(typeof segs)[0], (typeof segs)[0], (typeof segs)[0], (typeof segs)[0]]
    // every segment's address is its offset + BASE, the new one past the old one's memory (.bss included)
    for (const s of segs) expect(s.vaddr - s.offset).toBe(BASE)
    expect(load.vaddr).toBeGreaterThanOrEqual(BASE + 176 + 4 + FUSE.length + 0x3000)
    expect(load.offset % 0x1000).toBe(0)
    // the table and the note are inside the new LOAD
    expect(table.offset).toBe(Number(file.readBigUInt64LE(0x20)))
    for (const s of [table, note]) {
      expect(s.offset).toBeGreaterThanOrEqual(load.offset)
      expect(s.offset + s.filesz).toBeLessThanOrEqual(load.offset + load.filesz)
    }
    // the note read as postject-api.h reads it: namesz, descsz, type, the name padded to 4, the data
    const at = note.vaddr - BASE
    expect(file.readUInt32LE(at)).toBe(14)
    expect(file.readUInt32LE(at + 4)).toBe(blob.length)
    expect(file.subarray(at + 12, at + 26).toString('latin1')).toBe('NODE_SEA_BLOB\0')
    expect(file.subarray(at + 28, at + 28 + blob.length)).toEqual(blob)
    expect(note.filesz).toBe(28 + 24)
  })

  it('finds the fuse across the 4 MiB pieces the file is read in, and refuses one that is there twice', () => {
    const dir = tempDir('agentry-elf-')
    const piece = 4 << 20
    const header = 64 + 112
    for (const straddle of [1, FUSE.length, FUSE.length + 1]) {
      // the fuse's last `straddle` bytes (":0" included) in the second piece
      const path = join(dir, `across-${straddle}`)
      writeFileSync(path, tinyElf(`${FUSE}:0`, piece - header - (FUSE.length + 2 - straddle)))
      injectNote(path, 'NODE_SEA_BLOB', Buffer.from('x'), FUSE)
      const file = readFileSync(path)
      expect([file.indexOf(`${FUSE}:1`), file.indexOf(`${FUSE}:0`)]).toEqual([piece - (FUSE.length + 2 - straddle), -1])
    }
    writeFileSync(join(dir, 'twice'), tinyElf(`${FUSE}:0${'.'.repeat(piece)}${FUSE}:0`))
    expect(() => injectNote(join(dir, 'twice'), 'NODE_SEA_BLOB', Buffer.from('x'), FUSE)).toThrow(/there twice/)
  })

  it('refuses a file that is not ELF, has no fuse, or already holds a blob', () => {
    const dir = tempDir('agentry-elf-')
    writeFileSync(join(dir, 'text'), 'not an executable at all, but long enough for a header............')
    expect(() => injectNote(join(dir, 'text'), 'NODE_SEA_BLOB', Buffer.from('x'), FUSE)).toThrow(/not a 64-bit/)
    writeFileSync(join(dir, 'nofuse'), tinyElf('nothing'))
    expect(() => injectNote(join(dir, 'nofuse'), 'NODE_SEA_BLOB', Buffer.from('x'), FUSE)).toThrow(/no fuse/)
    writeFileSync(join(dir, 'done'), tinyElf(`${FUSE}:1`))
    expect(() => injectNote(join(dir, 'done'), 'NODE_SEA_BLOB', Buffer.from('x'), FUSE)).toThrow(/already holds/)
  })
})
