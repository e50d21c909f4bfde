// The schedules family (wire.md "Schedules"): a scenario on a cron or an interval.
import { scheduleCreateSchema, scheduleEditSchema, scheduleSchema } from '../schemas/automation.js'
import { pageQuery } from './paging.js'
import type { Contract } from './types.js'

/** Schedules. */
export const schedules = {
  schedulesList: { query: pageQuery, item: scheduleSchema },
  schedulesCreate: { body: scheduleCreateSchema, response: scheduleSchema },
  schedulesGet: { response: scheduleSchema },
  schedulesEdit: { body: scheduleEditSchema, response: scheduleSchema },
  schedulesDelete: {},
} satisfies Contract<'schedules'>
