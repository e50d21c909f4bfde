// The emulator's folders (the files list's `path` and `search`, `files mkdir`, `files mv`): a folder is implied by
// the files under it, or made empty with createFolder (state.folders). A list is one folder's direct entries, folders
// first, as the service's storage lists them (mattlevine/sideboard SchemaFileDatasource.ts: `list({path, search})`,
// `search` a part of the name, any case).
import type { EmulatorState, StoredFile } from '../state.js'
import { conflict, notFound } from '../kit.js'

/** A file record as the API lists it (no bytes). */
export function fileView(f: StoredFile): Omit<StoredFile, 'data'> & { type: 'file' } {
  return { path: f.path, type: 'file', contentType: f.contentType, size: f.size, updatedAt: f.updatedAt }
}

/** A folder as the API lists it. */
interface FolderView {
  path: string
  type: 'folder'
  updatedAt?: string
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)
/** `a/b` under `a` (the top: ''), or under nothing. */
const isUnder = (path: string, folder: string) => folder === '' || path.startsWith(`${folder}/`)

/** The entries directly in `folder` ('' the top) whose names hold `search` (any case): folders first, then files. */
export function listedEntries(
  state: EmulatorState,
  folder: string,
  search: string | undefined,
): (FolderView | ReturnType<typeof fileView>)[] {
  const start = folder === '' ? 0 : folder.length + 1
  const folders = new Map<string, FolderView>()
  const files: ReturnType<typeof fileView>[] = []
  for (const path of [...state.files.keys(), ...state.folders.keys()]) {
    if (!isUnder(path, folder)) continue
    const slash = path.indexOf('/', start)
    if (slash >= 0) {
      const sub = path.slice(0, slash)
      if (!folders.has(sub)) folders.set(sub, { path: sub, type: 'folder' })
    } else if (state.folders.has(path))
      folders.set(path, { path, type: 'folder', updatedAt: state.folders.get(path)!.updatedAt })
    else files.push(fileView(state.files.get(path)!))
  }
  const needle = search?.trim().toLowerCase()
  const matches = (e: { path: string }) => !needle || nameOf(e.path).toLowerCase().includes(needle)
  return [...[...folders.values()].sort(byPath), ...files.sort(byPath)].filter(matches)
}

/** Whether `path` is a folder: made with createFolder, or holding files. */
function isFolder(state: EmulatorState, path: string): boolean {
  return state.folders.has(path) || [...state.files.keys()].some((p) => p.startsWith(`${path}/`))
}

/**
 * Moves the file or folder `from` (with everything under it) to `to`, which must not exist nor lie inside `from`;
 * returns the moved entry.
 */
export function moveEntries(
  state: EmulatorState,
  from: string,
  to: string,
  at: string,
): ReturnType<typeof fileView> | FolderView {
  if (from === to || to.startsWith(`${from}/`)) throw conflict(`cannot move "${from}" into itself`)
  if (state.files.has(to) || isFolder(state, to)) throw conflict(`"${to}" exists already: move to a new path`)
  const file = state.files.get(from)
  if (file !== undefined) {
    state.files.delete(from)
    const moved = { ...file, path: to, updatedAt: at }
    state.files.set(to, moved)
    return fileView(moved)
  }
  if (!isFolder(state, from)) throw notFound('file or folder', from)
  const rename = (p: string) => to + p.slice(from.length)
  for (const map of [state.files, state.folders] as Map<string, { path: string }>[])
    for (const [p, record] of [...map]) {
      if (p !== from && !p.startsWith(`${from}/`)) continue
      map.delete(p)
      map.set(rename(p), { ...record, path: rename(p) })
    }
  return { path: to, type: 'folder', updatedAt: at }
}
