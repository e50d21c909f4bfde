// The zod schema of --page/--limit/--all, shared by every list command; the --limit range comes from the contract.
import * as z from 'zod'
import { pageSizeRange } from '../api/contract/paging.js'

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1, `${name} must be 1 or more`)

/** --page, --limit, --all */
export const listOptionsSchema = z.object({
  page: positiveInt('page').optional(),
  // The interface's range (wire.md: at most 100), so the CLI never sends what the service would clamp.
  limit: positiveInt('limit')
    .refine(
      (n) => n >= pageSizeRange.min && n <= pageSizeRange.max,
      `limit must be ${pageSizeRange.min}–${pageSizeRange.max}`,
    )
    .optional(),
  all: z.boolean().default(false),
})
export type ListOptions = z.infer<typeof listOptionsSchema>
