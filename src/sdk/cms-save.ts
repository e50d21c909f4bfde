// One save of a record, for `cms save`, the cms_save tool and the library's `client.cms.save`: a new record (POST), or the record `id` replaced (PUT)
// or, with merge, changed only in the members given (PATCH, a JSON merge patch); then published when asked (a save
// is a draft, which the delivery access does not serve). Each caller refuses merge without an id in its own words.
import type { CmsRecord } from '../api/schemas/content.js'
import type { CmsPatch, CmsSave } from './cms.js'

/** The record calls a save makes (client.cms's). */
interface RecordCalls {
  create(collection: string, body: CmsSave): Promise<CmsRecord>
  update(collection: string, recordId: string, body: CmsSave): Promise<CmsRecord>
  patch(collection: string, recordId: string, patch: CmsPatch): Promise<CmsRecord>
  publish(collection: string, recordId: string): Promise<CmsRecord>
}

/** Which record a save writes and how: `id` (else a new one), `merge` (with `id`), `publish` once saved. */
export interface SaveHow {
  id?: string | undefined
  merge?: boolean | undefined
  publish?: boolean | undefined
}

/** Saves `body` in `collection` as `how` says: the record saved, or published when `how.publish`. */
export async function saveRecord(
  cms: RecordCalls,
  collection: string,
  body: CmsSave,
  how: SaveHow,
): Promise<CmsRecord> {
  const saved =
    how.id === undefined
      ? await cms.create(collection, body)
      : how.merge === true
        ? await cms.patch(collection, how.id, body)
        : await cms.update(collection, how.id, body)
  return how.publish === true ? cms.publish(collection, saved.id) : saved
}
