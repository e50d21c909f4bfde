// The modules the generator reads the command declarations from: every .ts file under a folder of src/commands
// (not the generated ones), as paths from the project's root, sorted. scripts/gen.mjs bundles them with the
// generator; test/unit/generated.test.ts imports them directly.
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/** `src/commands/<group>/…/<file>.ts` of every command folder, sorted. */
export function commandFiles(root) {
  return readdirSync(join(root, 'src/commands'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.gen.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((p) => p.split('/').length > 3)
    .sort()
}
