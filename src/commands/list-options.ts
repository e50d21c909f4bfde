// --page, --limit and --all, shared by every list command; the --limit range comes from the contract (wire.md:
// at most 100), so the CLI never sends what the service would clamp.
import { defaultPageSize, pageSizeRange } from '../api/contract/page-size.js'
import { flag, int, type ValueOf } from './options.js'

/** --page, --limit, --all */
export const listOptions = {
  page: int('--page <n>', 'page number, from 1', { min: 1 }),
  limit: int(
    '--limit <n>',
    `page size, ${pageSizeRange.min} to ${pageSizeRange.max} (default: the service's, ${defaultPageSize})`,
    pageSizeRange,
  ),
  // --all starts from page 1: with --page it would print "no agents on page 2 of 1"
  all: { ...flag('--all', 'follow every page'), conflicts: ['page'] },
}

/** What a list command gets from them (derived from the declarations above). */
export type ListOptions = { [K in keyof typeof listOptions]: ValueOf<(typeof listOptions)[K]> }
