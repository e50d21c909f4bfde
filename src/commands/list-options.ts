// --page, --limit and --all, shared by every list command; the --limit range comes from the contract (wire.md:
// at most 100), so the CLI never sends what the service would clamp.
import { pageSizeRange } from '../api/contract/page-size.js'
import { flag, int } from './options.js'

/** --page, --limit, --all */
export const listOptions = {
  page: int('--page <n>', 'page number, from 1', { min: 1 }),
  limit: int('--limit <n>', `page size, ${pageSizeRange.min} to ${pageSizeRange.max}`, pageSizeRange),
  all: flag('--all', 'follow every page'),
}

/** What a list command gets from them. */
export interface ListOptions {
  page?: number | undefined
  limit?: number | undefined
  all: boolean
}

// Until every list command is declared with defineCommand (issue 7 item 6), the old zod schema stays for the rest.
import * as z from 'zod'

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1, `${name} must be 1 or more`)

/** --page, --limit, --all (old style; going away) */
export const listOptionsSchema = z.object({
  page: positiveInt('page').optional(),
  limit: positiveInt('limit')
    .refine(
      (n) => n >= pageSizeRange.min && n <= pageSizeRange.max,
      `limit must be ${pageSizeRange.min}–${pageSizeRange.max}`,
    )
    .optional(),
  all: z.boolean().default(false),
})
