// The schedules family (wire.md "Schedules"): a scenario on a cron or an interval.
import { scheduleCreateSchema, scheduleEditSchema, scheduleSchema } from '../schemas/automation.js'
import { listOf } from './paging.js'
import type { Contract } from './types.js'

/** Schedules. */
export const schedules = {
  schedulesList: listOf(scheduleSchema),
  schedulesCreate: { body: scheduleCreateSchema, response: scheduleSchema },
  schedulesGet: { response: scheduleSchema },
  schedulesEdit: { body: scheduleEditSchema, response: scheduleSchema },
  schedulesDelete: {},
} satisfies Contract<'schedules'>
