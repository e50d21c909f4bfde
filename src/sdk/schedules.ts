// Schedules (wire.md "Schedules"): a scenario run on a cron or an interval.
import type { PageQuery } from '../api/contract/paging.js'
import type { BodyOf, Transport } from './transport.js'

/** `client.schedules`. */
export const schedulesResource = (t: Transport) => ({
  /** Every schedule, page by page. */
  list: (query: PageQuery = {}) => t.list('schedulesList', { query }),
  /** One schedule. */
  get: (scheduleId: string) => t.call('schedulesGet', { params: { scheduleId } }),
  /** Creates a schedule. */
  create: (body: BodyOf<'schedulesCreate'>) => t.call('schedulesCreate', { body }),
  /** Changes the members given. */
  edit: (scheduleId: string, body: BodyOf<'schedulesEdit'>) =>
    t.call('schedulesEdit', { params: { scheduleId }, body }),
  /** Deletes a schedule. */
  delete: async (scheduleId: string): Promise<void> => {
    await t.call('schedulesDelete', { params: { scheduleId } })
  },
})
