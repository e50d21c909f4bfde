// The test helpers hold the suite to its rules (docs/architecture.md "Tests you can trust"): a stub that is never
// called fails its test, and a used one does not.
import { expect, it } from 'vitest'
import { testContext } from '../helpers/test-context.js'

const listPath = '/api/v1beta/acc_1/agents?page=1'
const emptyPage = { data: [], pagination: { total: 0, page: 1, page_count: 0, page_size: 20 } }

it.fails('a test that leaves a stub uncalled fails (this test is expected to fail)', async () => {
  const t = testContext()
  t.http.get(listPath).reply(200, emptyPage)
  t.http.get('/api/v1beta/acc_1/never').reply(200, emptyPage)
  expect(await t.run(['agents', 'list'])).toBe(0)
})

it.fails('a persisted stub never called fails too (this test is expected to fail)', async () => {
  const t = testContext()
  t.http.get(listPath).reply(200, emptyPage).persist()
})

it('a test whose stubs are all called passes', async () => {
  const t = testContext()
  t.http.get(listPath).reply(200, emptyPage).persist()
  expect(await t.run(['agents', 'list'])).toBe(0)
  expect(await t.run(['agents', 'list'])).toBe(0)
})
