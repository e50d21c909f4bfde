// The schedules family (wire.md "Schedules"): a scenario on a cron or an interval.
import { scheduleCreateSchema, scheduleEditSchema, scheduleSchema } from '../schemas/automation.js'
import { listOf } from './paging.js'
import { type Contract, ours, op } from './types.js'

/** Schedules (each belongs to its scenario's scope). */
export const schedules = {
  schedulesList: op('GET', '/{accountId}/schedules', {
    provenance: ours(),
    scope: 'scenario',
    ...listOf(scheduleSchema),
    list: { noun: 'schedules', summary: 'List the schedules of the account' },
    sdk: 'schedules.list',
    doc: 'Every schedule, page by page.',
    command: 'schedule list',
  }),
  schedulesCreate: op('POST', '/{accountId}/schedules', {
    provenance: ours(),
    scope: 'scenario',
    body: scheduleCreateSchema,
    response: scheduleSchema,
    sdk: 'schedules.create',
    doc: 'Creates a schedule.',
    command: 'schedule create',
  }),
  schedulesGet: op('GET', '/{accountId}/schedules/{scheduleId}', {
    provenance: ours(),
    scope: 'scenario',
    response: scheduleSchema,
    sdk: 'schedules.get',
    doc: 'One schedule.',
    command: 'schedule get',
  }),
  schedulesEdit: op('PATCH', '/{accountId}/schedules/{scheduleId}', {
    provenance: ours(),
    scope: 'scenario',
    body: scheduleEditSchema,
    response: scheduleSchema,
    sdk: 'schedules.edit',
    doc: 'Changes the members given.',
    command: 'schedule edit',
  }),
  schedulesDelete: op('DELETE', '/{accountId}/schedules/{scheduleId}', {
    provenance: ours(),
    scope: 'scenario',
    sdk: 'schedules.delete',
    doc: 'Deletes a schedule.',
    command: 'schedule delete',
  }),
} satisfies Contract<'schedules'>
