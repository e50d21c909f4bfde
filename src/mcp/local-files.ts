// The local files `mcp serve`'s upload_file may read: only those inside a folder the user allowed on the command line
// (`--upload-dir`, repeatable). A model chooses the path, so the check is on the file's real path (symlinks and `..`
// resolved): a link or a `..` that leads out of every allowed folder is refused, and the file read is the one checked
// (same device and inode when opened), so swapping it for a link after the check does not get past it.
import { realpath, stat } from 'node:fs/promises'
import { basename, isAbsolute, relative, resolve, sep } from 'node:path'
import { expandHome } from '../config/secret-source.js'
import { UsageError } from '../errors.js'
import { readArgFile } from '../io/arg-file.js'

/** The flag that allows a folder. */
export const uploadDirFlag = '--upload-dir'

/** The real paths of the allowed folders (`~/` is the home folder); a usage error for one missing or not a folder. */
export async function allowedFolders(dirs: readonly string[]): Promise<string[]> {
  const real: string[] = []
  for (const dir of dirs) {
    const path = await realpath(expandHome(dir)).catch(() => undefined)
    if (path === undefined || !(await stat(path)).isDirectory())
      throw new UsageError(`${uploadDirFlag} ${dir}: ${path === undefined ? 'no such folder' : 'not a folder'}`)
    real.push(path)
  }
  return real
}

/** Whether `path` (a real path) is inside `folder` (a real path), not the folder itself. */
function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

/**
 * Reads the file at `path` (absolute, or relative to the first allowed folder) when its real path is inside one of
 * `folders` (real paths: allowedFolders); a usage error naming the flag otherwise. Returns its name and bytes.
 */
export async function readAllowedFile(
  path: string,
  folders: readonly string[],
): Promise<{ name: string; bytes: Buffer }> {
  const restart = `restart the server with: agentry mcp serve ${uploadDirFlag} <folder>`
  const first = folders[0]
  if (first === undefined)
    throw new UsageError(`upload_file reads only from folders allowed with ${uploadDirFlag}, and none was`, restart)
  const real = await realpath(resolve(first, path)).catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`${path}: ${err.code === 'ENOENT' ? 'no such file' : (err.code ?? err.message)}`)
  })
  if (!folders.some((f) => inside(f, real)))
    throw new UsageError(
      `${path} is outside the folders allowed with ${uploadDirFlag} (${folders.join(', ')})`,
      `give a file inside one of them, or ${restart}`,
    )
  const checked = await stat(real)
  const bytes = await readArgFile(real, path, undefined, {
    regularOnly: true,
    opened: (st) => {
      if (st.dev !== checked.dev || st.ino !== checked.ino) throw new UsageError(`${path} changed while it was checked`)
    },
  })
  return { name: basename(real), bytes }
}
