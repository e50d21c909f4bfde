// Puts the single executable's blob into a copy of Node (Linux, ELF), where Node looks for it: a note named
// NODE_SEA_BLOB in a PT_NOTE segment of the running program (postject's postject-api.h, which Node 24 uses, walks the
// program headers from dl_iterate_phdr), and the fuse string flipped from :0 to :1. postject does the same through
// LIEF compiled to WebAssembly, which parses and rewrites the whole 110 MiB binary: 8–12 s of a 20 s build on a
// 2-core machine. Here the file is only appended to, and three header fields are written:
// - at the end of the file, page-aligned (and past the end of every segment's memory, .bss included), a new region
//   holding the note, then a copy of the program header table with two more entries: a PT_LOAD mapping the region
//   (read-only) and a PT_NOTE for the note; the table's own PT_PHDR entry is moved with it;
// - the ELF header points to the new table (e_phoff, e_phnum).
// The region's address is its file offset plus the offset-to-address difference of the first PT_LOAD, as for every
// other segment of Node's binary: so a kernel that computes the table's address from the first segment (before
// Linux 5.18) finds it too.
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs'

const PT_LOAD = 1
const PT_NOTE = 4
const PT_PHDR = 6
const PF_R = 4
const PHENT = 56 // Elf64_Phdr
const PAGE = 0x1000
const align = (n, a) => Math.ceil(n / a) * a

/**
 * Injects `blob` into the ELF executable `file` (64-bit, little-endian), as a note named `name`, and flips `fuse`
 * (`${fuse}:0` → `${fuse}:1`). Throws, naming what is wrong, if the file is not such an executable or has no fuse.
 */
export function injectNote(file, name, blob, fuse) {
  const fd = openSync(file, 'r+')
  try {
    const size = fstatSync(fd).size
    const head = Buffer.alloc(64)
    readSync(fd, head, 0, 64, 0)
    if (head.readUInt32BE(0) !== 0x7f454c46 || head[4] !== 2 || head[5] !== 1)
      throw new Error(`${file}: not a 64-bit little-endian ELF file`)
    const phoff = Number(head.readBigUInt64LE(0x20))
    const phnum = head.readUInt16LE(0x38)
    if (head.readUInt16LE(0x36) !== PHENT) throw new Error(`${file}: unexpected program header size`)
    const table = Buffer.alloc(phnum * PHENT)
    readSync(fd, table, 0, table.length, phoff)
    const entries = Array.from({ length: phnum }, (_, i) => table.subarray(i * PHENT, (i + 1) * PHENT))
    const type = (e) => e.readUInt32LE(0)
    const u64 = (e, at) => Number(e.readBigUInt64LE(at))
    const loads = entries.filter((e) => type(e) === PT_LOAD)
    if (loads.length === 0) throw new Error(`${file}: no PT_LOAD segment`)
    const delta = u64(loads[0], 16) - u64(loads[0], 8) // p_vaddr - p_offset of the first segment
    const memoryEnd = Math.max(...loads.map((e) => u64(e, 16) + u64(e, 40))) // p_vaddr + p_memsz
    const at = align(Math.max(size, memoryEnd - delta), PAGE)

    // the fuse: the string is in .rodata, once
    flipFuse(fd, size, fuse, file)

    // the note: namesz, descsz, type, the name (NUL-terminated, padded to 4), the blob (padded to 4)
    const nameBytes = Buffer.from(`${name}\0`, 'latin1')
    const noteHead = Buffer.alloc(12 + align(nameBytes.length, 4))
    noteHead.writeUInt32LE(nameBytes.length, 0)
    noteHead.writeUInt32LE(blob.length, 4)
    noteHead.writeUInt32LE(0, 8)
    nameBytes.copy(noteHead, 12)
    const noteSize = noteHead.length + align(blob.length, 4)
    const tableAt = at + align(noteSize, 8)
    const tableSize = (phnum + 2) * PHENT
    const regionSize = tableAt - at + tableSize
    const entry = (p_type, offset, filesz, p_align) => {
      const e = Buffer.alloc(PHENT)
      e.writeUInt32LE(p_type, 0)
      e.writeUInt32LE(PF_R, 4)
      e.writeBigUInt64LE(BigInt(offset), 8)
      e.writeBigUInt64LE(BigInt(offset + delta), 16) // p_vaddr
      e.writeBigUInt64LE(BigInt(offset + delta), 24) // p_paddr
      e.writeBigUInt64LE(BigInt(filesz), 32)
      e.writeBigUInt64LE(BigInt(filesz), 40)
      e.writeBigUInt64LE(BigInt(p_align), 48)
      return e
    }
    // the entries in their order, the new PT_LOAD after the last one (PT_LOADs go by address), the PT_NOTE last
    const lastLoad = entries.lastIndexOf(loads.at(-1))
    const out = []
    entries.forEach((e, i) => {
      out.push(type(e) === PT_PHDR ? entry(PT_PHDR, tableAt, tableSize, 8) : e)
      if (i === lastLoad) out.push(entry(PT_LOAD, at, regionSize, PAGE))
    })
    out.push(entry(PT_NOTE, at, noteSize, 4))
    const newTable = Buffer.concat(out)

    const zeros = Buffer.alloc(Math.max(0, at - size))
    writeSync(fd, zeros, 0, zeros.length, size)
    writeSync(fd, noteHead, 0, noteHead.length, at)
    writeSync(fd, blob, 0, blob.length, at + noteHead.length)
    const pad = Buffer.alloc(tableAt - (at + noteHead.length + blob.length))
    writeSync(fd, pad, 0, pad.length, at + noteHead.length + blob.length)
    writeSync(fd, newTable, 0, newTable.length, tableAt)
    const fields = Buffer.alloc(8)
    fields.writeBigUInt64LE(BigInt(tableAt))
    writeSync(fd, fields, 0, 8, 0x20) // e_phoff
    fields.writeUInt16LE(phnum + 2)
    writeSync(fd, fields, 0, 2, 0x38) // e_phnum
  } finally {
    closeSync(fd)
  }
}

/** Finds `${fuse}:0` in the file, exactly once, and writes `1` over its `0`. */
function flipFuse(fd, size, fuse, file) {
  const prefix = Buffer.from(`${fuse}:`)
  const unset = [] // where `${fuse}:0` starts
  let set = false // whether `${fuse}:1` is there
  // read in pieces (4 MiB, each with the length of the fuse more, so that a fuse across two pieces is seen once), not
  // the whole 110 MiB at once: one buffer of the file's size cost 0.7 s of CPU (its pages), the pieces 0.1 s
  const piece = 4 << 20
  const buf = Buffer.allocUnsafe(piece + prefix.length + 1)
  for (let at = 0; at < size; at += piece) {
    const data = buf.subarray(0, readSync(fd, buf, 0, Math.min(buf.length, size - at), at))
    for (let i = data.indexOf(prefix); i >= 0 && i < piece; i = data.indexOf(prefix, i + 1)) {
      const state = data[i + prefix.length] // undefined at the end of the file
      if (state === 0x30) unset.push(at + i)
      else if (state === 0x31) set = true
    }
  }
  if (unset.length === 0)
    throw new Error(set ? `${file}: already holds a blob` : `${file}: no fuse ${fuse} (not a Node binary?)`)
  if (unset.length > 1) throw new Error(`${file}: the fuse ${fuse} is there twice`)
  writeSync(fd, Buffer.from('1'), 0, 1, unset[0] + prefix.length)
}
