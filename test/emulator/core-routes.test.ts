// The handler registry covers the whole shared route table, with no handler for a route that does not exist.
import { describe, expect, it } from 'vitest'
import { routes } from '../../src/api/routes.js'
import { allHandlers, tables } from '../../src/emulator/handlers/index.js'

describe('handler registry', () => {
  it('has a handler for every route of the table and for nothing else', () => {
    const handlers = allHandlers()
    expect(Object.keys(routes).filter((name) => !(name in handlers))).toEqual([])
    expect(Object.keys(handlers).filter((name) => !(name in routes))).toEqual([])
  })

  it('has no route handled by two tables', () => {
    const names = tables.flatMap((t) => Object.keys(t))
    expect(names.length).toBe(new Set(names).size)
  })
})
