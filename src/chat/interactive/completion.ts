// Tab completion at the prompt: command names after `/`, and file names for the commands that take a path
// (`/image`, `/save`). The directory listing is injected so the logic is tested without a file system.
import { readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { Completer } from './editor.js'
import { commonPrefix, completeCommand } from './slash.js'

/** A directory entry as the completer needs it. */
export interface DirEntry {
  name: string
  dir: boolean
}

/** Lists a directory (missing or unreadable: empty). */
export type ListDir = (path: string) => DirEntry[]

/** Lists a real directory. */
const listDir: ListDir = (path) => {
  try {
    return readdirSync(path, { withFileTypes: true }).map((d) => ({ name: d.name, dir: d.isDirectory() }))
  } catch {
    return []
  }
}

const pathCommands = /^(\/(?:image|img|attach|save)\s+)(\S*)$/
const maxShown = 12

/** Completes a file name: the completed text and the candidates (directories end in /). */
function completePath(
  word: string,
  list: ListDir,
  home = homedir(),
): { word: string; candidates: string[] } | undefined {
  const slash = word.lastIndexOf('/')
  const dirPart = slash >= 0 ? word.slice(0, slash + 1) : ''
  const base = slash >= 0 ? word.slice(slash + 1) : word
  const fsDir = dirPart === '' ? '.' : dirPart.startsWith('~/') ? join(home, dirPart.slice(2)) : dirPart
  const entries = list(fsDir)
    .filter((e) => e.name.startsWith(base) && (base.startsWith('.') || !e.name.startsWith('.')))
    .map((e) => (e.dir ? `${e.name}/` : e.name))
    .sort()
  if (entries.length === 0) return undefined
  if (entries.length === 1) {
    const only = entries[0]!
    return { word: dirPart + only + (only.endsWith('/') ? '' : ' '), candidates: entries }
  }
  return { word: dirPart + commonPrefix(entries), candidates: entries }
}

/** Formats candidates as one hint row, e.g. "help  system  save" (cut after a dozen). */
function candidatesHint(candidates: readonly string[], ellipsis: string): string | undefined {
  if (candidates.length < 2) return undefined
  const shown = candidates.slice(0, maxShown).join('  ')
  return candidates.length > maxShown ? `${shown}  ${ellipsis} ${candidates.length - maxShown} more` : shown
}

/** The prompt's completer. */
export function createCompleter(list: ListDir = listDir, ellipsis = '…'): Completer {
  return (text) => {
    const cmd = completeCommand(text)
    if (cmd)
      return {
        text: cmd.text,
        hint: candidatesHint(
          cmd.candidates.map((c) => `/${c}`),
          ellipsis,
        ),
      }
    const m = pathCommands.exec(text)
    if (!m) return undefined
    const r = completePath(m[2]!, list)
    if (!r) return undefined
    return { text: m[1]! + r.word, hint: candidatesHint(r.candidates, ellipsis) }
  }
}
