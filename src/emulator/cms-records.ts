// Drafts and publishing of CMS records (docs/wire.md "CMS"): the management access (cma) reads and
// writes the record as it now is, a draft until published; the delivery access (cda) serves only published records,
// as they were when last published. A record is delivered when its `publishedAt` is a time; when a published record
// changes, the copy delivery keeps serving is `published` (until the next publish), so a draft is never delivered.
import type { CmsRecord } from '../api/schemas/index.js'

/** What the delivery access serves of a published record that has changed since. */
interface PublishedCopy {
  data: Record<string, unknown>
  tags: string[]
  updatedAt: string
}

/** A record as stored: the record, when it was last published (null: a draft), and the delivered copy if changed. */
export type StoredCmsRecord = CmsRecord & { publishedAt?: string | null; published?: PublishedCopy }

/** The record as the management access shows it: as it now is, with `publishedAt` (null for a draft). */
export function managementView(r: StoredCmsRecord): CmsRecord {
  const { published: _delivered, ...rest } = r
  return { ...rest, publishedAt: r.publishedAt ?? null }
}

/** The record as the delivery access shows it, or undefined for a draft (never delivered). */
export function deliveryView(r: StoredCmsRecord): CmsRecord | undefined {
  if (typeof r.publishedAt !== 'string') return undefined
  const { published, ...rest } = r
  return published ? { ...rest, data: published.data, tags: published.tags, updatedAt: published.updatedAt } : rest
}

/** The record after a management write of `data` and `tags` at `now`: delivery keeps the copy last published. */
export function written(
  old: StoredCmsRecord | undefined,
  id: string,
  body: { data: Record<string, unknown>; tags: string[] },
  now: string,
): StoredCmsRecord {
  const record: StoredCmsRecord = {
    id,
    data: body.data,
    tags: body.tags,
    createdAt: old?.createdAt ?? now,
    updatedAt: now,
    publishedAt: old?.publishedAt ?? null,
  }
  if (old !== undefined && typeof old.publishedAt === 'string')
    record.published = old.published ?? { data: old.data, tags: old.tags ?? [], updatedAt: old.updatedAt ?? now }
  return record
}

/** The record published at `now`: delivery serves it as it now is. */
export function publishedNow(r: StoredCmsRecord, now: string): StoredCmsRecord {
  const { published: _old, ...rest } = r
  return { ...rest, publishedAt: now }
}

/** The record unpublished: a draft again, delivered no more. */
export function unpublished(r: StoredCmsRecord): StoredCmsRecord {
  const { published: _old, ...rest } = r
  return { ...rest, publishedAt: null }
}
