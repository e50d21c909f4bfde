// Checks of setting and profile values that are plain functions, free of zod: the zod schemas refine with them
// (./setting-schemas.ts, ./schema.ts), and the generated fast checks (./accept.gen.ts) call the same functions, found
// by identity by the generator (scripts/gen/generate.ts), so both say the same.

/** An http(s) URL (the base URL). */
export function isHttpUrl(u: string): boolean {
  return URL.canParse(u) && /^https?:\/\//i.test(u)
}

/** Not a name an object's prototype answers to (a profile name is a JSON member and a file name). */
export function notReservedName(n: string): boolean {
  return !['__proto__', 'constructor', 'prototype'].includes(n)
}
