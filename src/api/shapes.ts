// The one reader of the shapes a list or a record may come in (docs/wire.md "Answer shapes"). Our interface says
// `{data:[item], pagination}` and a bare record with camelCase meta; the official SDK and its examples read other
// shapes off the real service (shared/spec/public-facts.md rows 11, 25, 29, 37, 41, 46, 50): a plain array
// (scenarios, webhooks, files), `{data, total}` (agents, which also carry `models`), one CMS record as
// `{data:[record]}`, and record meta in snake_case (`created_at`, `updated_at`, `published_at`). Every list page
// (Transport.list) and every answer read by its declaration (answerOf) goes through here, so no caller ever sees
// more than our one shape. zod-free: it runs before the generated check of the answer.
import type { Page } from './pagination.js'
import { isRecord } from './is-record.js'

/** Record meta spelt in snake_case by the service, and our camelCase name for each. */
const metaNames: readonly (readonly [snake: string, camel: string])[] = [
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
  ['published_at', 'publishedAt'],
]

/** The camelCase name of a record meta member spelt in snake_case (`updated_at` → `updatedAt`), else the name. */
export function metaName(name: string): string {
  for (const [snake, camel] of metaNames) if (name === snake) return camel
  return name
}

/**
 * A record with its snake_case meta under our camelCase names (members keep their order; a record that has both
 * spellings keeps both), so it shows, sorts and filters as one from a camelCase server. Anything else as given.
 */
export function camelMeta<T>(value: T): T {
  if (!isRecord(value) || !metaNames.some(([snake]) => Object.hasOwn(value, snake))) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    const camel = metaName(k)
    out[camel !== k && Object.hasOwn(value, camel) ? k : camel] = v
  }
  return out as T
}

/** Where a page was asked for: its number and the page size sent (if any). */
export interface PageRequest {
  page: number
  size: number | undefined
}

/**
 * A list answer as one Page, or undefined when it is no list shape:
 * - `{data:[…], pagination}`: as is (our interface);
 * - `{data:[…], total}` (agents): the pagination made from `total`, the page asked for and its size (the page's
 *   own length when no size was sent), so the "20 of 57" note and --all work as with ours;
 * - a plain array: the whole list in one page (the SDK reads it so: `all.length`), never a request for the next.
 * Other members (`models`) are kept. Each item's meta is read by camelMeta.
 */
export function pageOf(body: unknown, asked: PageRequest): Page<unknown> | undefined {
  if (Array.isArray(body)) {
    const n = body.length
    const pagination = { total: n, page: asked.page, page_count: asked.page, page_size: n }
    return { data: body.map(camelMeta), pagination }
  }
  if (!isRecord(body) || !Array.isArray(body.data)) return undefined
  const page = { ...body, data: body.data.map(camelMeta) } as Page<unknown> & Record<string, unknown>
  if (page.pagination === undefined && typeof body.total === 'number') {
    const size = asked.size ?? Math.max(page.data.length, 1)
    const count = Math.max(Math.ceil(body.total / size), 1)
    page.pagination = { total: body.total, page: asked.page, page_count: count, page_size: size }
  }
  return page
}

/**
 * An answer read by its declaration (not a list page): as given when `accept` (the declared answer's generated
 * check) takes it; else the first other documented shape it takes: one record inside `{data:[record]}`, a plain
 * array as `{data:[…]}` (a declared `{data:[…]}` answer). Meta is camelCased first. A value no shape fits is given
 * back as it came, for the declared schema to name what is off.
 */
export function answerShape(body: unknown, accept: ((v: unknown) => boolean) | undefined): unknown {
  const value = camelMeta(body) // an array comes back as it is
  if (accept === undefined || accept(value)) return value
  const others: unknown[] = []
  if (Array.isArray(value)) others.push({ data: value.map(camelMeta) })
  else if (isRecord(value) && Array.isArray(value.data) && value.data.length === 1)
    others.push(camelMeta(value.data[0]))
  for (const other of others) if (accept(other)) return other
  return value
}
