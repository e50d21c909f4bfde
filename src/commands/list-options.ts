// The zod schema of --page/--limit/--all, shared by every list command.
import * as z from 'zod'

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1, `${name} must be 1 or more`)

/** --page, --limit, --all */
export const listOptionsSchema = z.object({
  page: positiveInt('page').optional(),
  limit: positiveInt('limit')
    .refine((n) => n <= 1000, 'limit must be at most 1000')
    .optional(),
  all: z.boolean().default(false),
})
export type ListOptions = z.infer<typeof listOptionsSchema>
