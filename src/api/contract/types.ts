// What a contract says about one route (ARCHITECTURE.md "one contract, declared once"): the route table keeps the
// method and path; a family module adds the request and response schemas, so the CLI, the library and the
// emulator read one declaration. Response schemas are loose (.loose()): any server following the interface works.
import type * as z from '../zod.js'
import type { RouteName } from '../routes.js'

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
}

/** The endpoints of one family, keyed by route name. */
export type Contract<N extends RouteName> = { readonly [K in N]: Endpoint }

/** The families of the contract; each loads on its own (a command builds only the schemas it uses). */
export type Family =
  | 'agents'
  | 'chats'
  | 'scenarios'
  | 'webhooks'
  | 'keys'
  | 'schedules'
  | 'sites'
  | 'files'
  | 'images'
  | 'cms'
