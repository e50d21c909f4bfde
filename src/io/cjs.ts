// In a code-split ESM bundle, a dynamically imported CommonJS package's exports sit on `default` only
// (esbuild does not copy named exports there). Every lazy import of a CommonJS package goes through this.

/** The CommonJS exports of a dynamically imported module, whichever shape the bundler gave it. */
export function cjsExports<T>(m: T): T {
  return (m as unknown as { default?: T }).default ?? m
}
