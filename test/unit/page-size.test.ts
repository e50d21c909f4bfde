// One default page size beside the allowed range (issue 42 item 19): the CMS engine and the emulator's lists fall
// back to it when a request sends no size, and `--limit` says what it is, instead of a 20 of their own each.
import { describe, expect, it } from 'vitest'
import { defaultPageSize, pageSizeRange } from '../../src/api/contract/page-size.js'
import { resolvePaging } from '../../src/cms/query.js'
import { pageAsked } from '../../src/emulator/kit.js'
import { runCommand } from '../helpers/run-command.js'

describe('the default page size', () => {
  it('sits in the range and is what the CMS engine, the emulator and --limit use when no size is sent', async () => {
    expect(defaultPageSize).toBeGreaterThanOrEqual(pageSizeRange.min)
    expect(defaultPageSize).toBeLessThanOrEqual(pageSizeRange.max)
    expect(resolvePaging({}).pageSize).toBe(defaultPageSize)
    expect(pageAsked({ queryInput: {} } as never).limit).toBe(defaultPageSize)
    const help = await runCommand(['agents', 'list', '--help'])
    expect(help.stdout).toContain(`(default: the service's, ${defaultPageSize})`)
  })
})
