// What a contract says about one route (ARCHITECTURE.md "one contract, declared once"): the route table keeps the
// method and path; a family module adds the request and response schemas, so the CLI, the library and the
// emulator read one declaration. Response schemas are loose (.loose()): any server following the interface works.
import type * as z from '../zod.js'
import type { Family, RouteName, routes } from '../routes.js'

/** The wire schemas of one route. */
export interface Endpoint {
  /** the query string (lists: page and limit, checked against the interface's ranges) */
  readonly query?: z.ZodMiniType
  /** the JSON body, checked before it is sent */
  readonly body?: z.ZodMiniType
  /** the answer (no content: undefined) */
  readonly response?: z.ZodMiniType
  /** a list: the schema of one item of `{data:[item], pagination}` */
  readonly item?: z.ZodMiniType
  /** may be sent again after a failure (default: by method) */
  readonly idempotent?: boolean
  /**
   * What the service takes where wire.md has it accept more than the client sends (derived from `body`); the
   * emulator checks this view instead (src/emulator/declared.ts). Absent: the service takes exactly `body`.
   */
  readonly served?: { readonly body?: z.ZodMiniType; readonly query?: z.ZodMiniType }
}

/** The routes whose table entry (src/api/routes.ts) names family F. */
type RouteOf<F extends Family> = {
  [K in RouteName]: (typeof routes)[K] extends { readonly family: F } ? K : never
}[RouteName]

/**
 * The endpoints of one family, keyed by route name: exactly the routes the table gives to it. `satisfies
 * Contract<'agents'>` fails to compile on a route of another family (an excess property) and on a missing one.
 */
export type Contract<F extends Family> = { readonly [K in RouteOf<F>]: Endpoint }

export type { Family } from '../routes.js'
