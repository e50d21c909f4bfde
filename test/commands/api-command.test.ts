// `agentry api <METHOD> <path>`: the -H/--header values (each "Name: value", repeatable) are sent as given; a value
// without a name and a colon, or an unknown method, is a usage error before anything is sent.
import { describe, expect, it } from 'vitest'
import { testAccount, testContext } from '../helpers/test-context.js'

describe('agentry api', () => {
  it('sends every -H header (repeated, or several after one -H) and prints the answer', async () => {
    const t = testContext()
    const seen: Record<string, string>[] = []
    t.http.intercept({ path: `/api/v1beta/${testAccount}/agents`, method: 'GET' }).reply((req) => {
      seen.push(req.headers as Record<string, string>)
      return {
        statusCode: 200,
        data: '{"data":[]}',
        responseOptions: { headers: { 'content-type': 'application/json' } },
      }
    })
    const argv = ['api', 'GET', '/{accountId}/agents', '-H', 'X-One: 1', 'X-Two:2', '--header', 'X-Three: a:b']
    expect(await t.run(argv)).toBe(0)
    expect(seen[0]).toMatchObject({ 'X-One': '1', 'X-Two': '2', 'X-Three': 'a:b' })
    expect(t.stdout()).toBe('{"data":[]}\n')
  })

  it('refuses a header without "Name:" and an unknown method (exit 2, nothing sent)', async () => {
    const t = testContext()
    expect(await t.run(['api', 'GET', '/{accountId}/agents', '-H', 'no-colon'])).toBe(2)
    expect(t.stderr()).toMatch(/--header no-colon: expected "Name: value"/)
    const u = testContext()
    expect(await u.run(['api', 'FETCH', '/{accountId}/agents'])).toBe(2)
    expect(u.stderr()).toMatch(/unknown method FETCH\nhint: use one of GET, POST/)
  })

  describe('-o renders a JSON answer (issue 22 item 8: -o table was ignored)', () => {
    const json = { 'content-type': 'application/json' }
    const page = {
      data: [
        { name: 'Daily', id: 'sch_1', cron: '0 9 * * *' },
        { name: 'Hourly', id: 'sch_2', intervalSeconds: 3600 },
      ],
      pagination: { total: 2, page: 1, page_count: 1, page_size: 20 },
    }
    const stub = (t: ReturnType<typeof testContext>, path: string, body: unknown, headers = json) =>
      t.http
        .intercept({ path: `/api/v1beta/${testAccount}${path}`, method: 'GET' })
        .reply(200, typeof body === 'string' ? body : JSON.stringify(body), { headers })

    it('a page as a table (id first, a column for each member) or TSV; an object as its members', async () => {
      const t = testContext({ tty: true })
      stub(t, '/schedules', page)
      expect(await t.run(['api', 'GET', '/{accountId}/schedules', '-o', 'table'])).toBe(0)
      expect(t.stdout()).toBe(
        'ID     NAME    CRON       INTERVALSECONDS\nsch_1  Daily   0 9 * * *\nsch_2  Hourly             3600\n',
      )
      const p = testContext()
      stub(p, '/schedules', page.data)
      expect(await p.run(['api', 'GET', '/{accountId}/schedules', '-o', 'tsv'])).toBe(0)
      expect(p.stdout()).toBe('sch_1\tDaily\t0 9 * * *\t\nsch_2\tHourly\t\t3600\n')
      const o = testContext()
      stub(o, '/schedules/sch_1', page.data[0])
      expect(await o.run(['api', 'GET', '/{accountId}/schedules/sch_1', '-o', 'table'])).toBe(0)
      expect(o.stdout()).toBe('name  Daily\nid    sch_1\ncron  0 9 * * *\n')
    })

    it('--paginate -o table: every page, columns from the first; without -o the answer as it came', async () => {
      const t = testContext({ tty: true })
      stub(t, '/schedules?page=1', page)
      expect(await t.run(['api', 'GET', '/{accountId}/schedules', '--paginate', '-o', 'table'])).toBe(0)
      expect(t.stdout().split('\n')[0]).toBe('ID     NAME    CRON       INTERVALSECONDS')
      const raw = testContext()
      stub(raw, '/schedules', page)
      expect(await raw.run(['api', 'GET', '/{accountId}/schedules'])).toBe(0)
      expect(JSON.parse(raw.stdout())).toEqual(page)
    })

    it('an answer that is not JSON is printed as it came', async () => {
      const t = testContext()
      stub(t, '/notes', 'plain words', { 'content-type': 'text/plain' })
      expect(await t.run(['api', 'GET', '/{accountId}/notes', '-o', 'table'])).toBe(0)
      expect(t.stdout()).toBe('plain words\n')
    })
  })
})
