// One declaration per operation (ARCHITECTURE.md "each operation declared once, the rest generated"): its route
// (method, path, root, auth, scope), its request and response schemas, the library method that calls it and one
// line of doc, in its family's module (src/api/contract/<family>.ts). `npm run gen` (scripts/gen/) writes from these
// declarations the zod-free route table (src/api/routes.gen.ts), the library's plain methods
// (src/sdk/methods.gen.ts), the emulator's exhaustive handler type (src/emulator/handlers.gen.ts) and docs/api.md.
// Response schemas are loose (.loose()): any server following the interface works.
import type * as z from '../zod.js'
import type { Family, HttpMethod, Route, RouteName, routes } from '../routes.js'

/** The wire schemas of one route. */
export interface Endpoint {
  /** the query string (lists: page and limit, checked against the interface's ranges) */
  readonly query?: z.ZodMiniType
  /** the JSON body, checked before it is sent */
  readonly body?: z.ZodMiniType
  /** an empty body is refused (400 `body must be a JSON object`) instead of read as `{}` */
  readonly bodyRequired?: true
  /** the answer (no content: undefined) */
  readonly response?: z.ZodMiniType
  /** a list: the schema of one item of `{data:[item], pagination}` */
  readonly item?: z.ZodMiniType
  /**
   * a list whose items depend on the query: the item schema of this query's answer (a CMS query with `groupBy` or
   * `aggregate` answers aggregate rows, any other its records); `item` is then what every answer's items satisfy
   */
  readonly itemFor?: (query: Readonly<Record<string, unknown>>) => z.ZodMiniType
  /**
   * with `itemFor`: every schema it may pick. The generated check of an item (src/api/accept/<family>.gen.ts) accepts
   * only what each of them accepts unchanged, so it holds whichever the query picks (test/unit/fast-accept.test.ts)
   */
  readonly itemSchemas?: readonly z.ZodMiniType[]
  /** may be sent again after a failure (default: by method) */
  readonly idempotent?: boolean
  /**
   * What the service takes where wire.md has it accept more than the client sends (derived from `body`); the
   * emulator checks this view instead (src/emulator/declared.ts). Absent: the service takes exactly `body`.
   */
  readonly served?: { readonly body?: z.ZodMiniType; readonly query?: z.ZodMiniType }
}

/**
 * Where an operation's method, path and shapes come from (docs/api.md "provenance"; docs/wire.md "Provenance"):
 * - `documented`: a public source of the service shows it (`source`: which page, repository and file);
 * - `seed`: the interface document shows it (`source`: its section of service-interface.md);
 * - `inferred`: a source shows the operation but not all of its route (`reason`: what was inferred from what);
 * - `ours`: no source shows it; our own choice (`reason`, when there is more to say).
 * `agentry doctor` holds the documented ones to their declaration; a correction is this one line.
 */
export type Provenance =
  | { readonly kind: 'documented'; readonly source: string }
  | { readonly kind: 'seed'; readonly source: string }
  | { readonly kind: 'inferred'; readonly reason: string }
  | { readonly kind: 'ours'; readonly reason?: string }

/** A public source of the service shows the operation: which page, repository and file. */
export const documented = (source: string): Provenance => ({ kind: 'documented', source })
/** The interface document (service-interface.md) shows the operation, in this section. */
export const seed = (section: string): Provenance => ({ kind: 'seed', source: `service-interface.md ${section}` })
/** A source shows the operation but not all of its route: what was inferred from what. */
export const inferred = (reason: string): Provenance => ({ kind: 'inferred', reason })
/** No source shows it: our own choice. */
export const ours = (reason?: string): Provenance =>
  reason === undefined ? { kind: 'ours' } : { kind: 'ours', reason }

/** What a declaration says besides the route and the schemas: who calls it and how it is documented. */
interface Described {
  /** where its route and shapes come from (required: every operation says whether it is documented or a guess) */
  readonly provenance: Provenance
  /** one line of doc: the library method's doc comment and docs/api.md */
  readonly doc: string
  /** the library method, `<resource>.<method>` (`client.skills.get`): generated unless `sdkByHand` */
  readonly sdk?: string
  /** the library method is written by hand in src/sdk/ (streams, raw bytes, signing, the CMS query builder) */
  readonly sdkByHand?: true
  /** the command that calls it, `skills get` (docs/api.md; test/unit/generated.test.ts checks that it exists) */
  readonly command?: string
  /** the MCP tools that call it, `, `-separated like `command` (docs/api.md; checked the same way) */
  readonly mcp?: string
  /**
   * a list the CLI offers (`listCommand(declaredList('<name>'), …)`, src/lists/declared.ts) and, with `mcp`, the MCP
   * tool of that name: its noun, plural ("20 of 5,002 agents") and one-line summary (the command's, the tool's
   * title); its ids are the path's parameters. Generated into src/api/routes.gen.ts (zod-free).
   */
  readonly list?: ListWords
  /**
   * the emulator keeps the items of this list in a collection of its own, `state.<collection>`, saved in snapshots
   * and checked on restore (src/emulator/handlers.gen.ts): no hand edit of src/emulator/state.ts
   */
  readonly stored?: StoredWords
}

/** What a list says of itself (see Described.list). */
interface ListWords {
  readonly noun: string
  readonly summary: string
}

/** The JSON type of a member a restored record must have (`array` for arrays). */
type MemberType = 'string' | 'number' | 'boolean' | 'object' | 'array'

/** An emulator collection declared with its list (see Described.stored). */
interface StoredWords {
  readonly collection: string
  /** the member its records are keyed by */
  readonly key: string
  /** members every restored record must have, by their JSON type (the key is always checked) */
  readonly members?: Readonly<Record<string, MemberType>>
}

/** One operation as declared: route, schemas, library method, doc. */
export type Operation = Endpoint & Route & Described

/** What `op()` takes besides method and path: root, auth and scope have defaults (see op). */
type OperationSpec = Endpoint & Described & Partial<Pick<Route, 'root' | 'auth' | 'scope' | 'preflight'>>

/**
 * Declares an operation. Defaults: rooted at {base_url}, bearer auth; a route at the origin authenticates otherwise
 * (`auth: 'none'`). A bearer route without a scope needs an unscoped key: an operation declared without thought is
 * closed, not open; any other is `public` (it authenticates in its handler).
 */
export function op<S extends OperationSpec>(
  method: HttpMethod,
  path: string,
  spec: S,
): NoInfer<S> & Route & { readonly root: Route['root']; readonly auth: Route['auth']; readonly scope: Route['scope'] } {
  const root = spec.root ?? 'base'
  const auth = spec.auth ?? (root === 'base' ? 'bearer' : 'none')
  const scope = spec.scope ?? (auth === 'bearer' ? 'unscoped' : 'public')
  return { ...spec, method, path, root, auth, scope }
}

/** The routes whose table entry (src/api/routes.gen.ts) names family F. */
type RouteOf<F extends Family> = {
  [K in RouteName]: (typeof routes)[K] extends { readonly family: F } ? K : never
}[RouteName]

/**
 * The operations of one family, keyed by route name: exactly the routes the generated table gives to it. `satisfies
 * Contract<'agents'>` fails to compile on an operation the table does not have yet: run `npm run gen`.
 */
export type Contract<F extends Family> = { readonly [K in RouteOf<F>]: Operation }

export type { Family } from '../routes.js'
