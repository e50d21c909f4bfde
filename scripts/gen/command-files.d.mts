/** `src/commands/<group>/…/<file>.ts` of every command folder, as paths from the project's root, sorted. */
export function commandFiles(root: string): string[]
