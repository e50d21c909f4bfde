// ctx.onInterrupt: who takes Ctrl-C (and SIGTERM) in a run. The latest handler wins; its undo gives Ctrl-C back to
// the one before, in whatever order handlers are undone; with none, Ctrl-C aborts the run (src/cli.ts exits 130).
import { describe, expect, it } from 'vitest'
import type { Context } from '../../src/context.js'
import { testContext } from '../helpers/test-context.js'

function context(): Context {
  return testContext().ctx
}

describe('Context.onInterrupt', () => {
  it('aborts the run when no handler took Ctrl-C', () => {
    const ctx = context()
    expect(ctx.interrupt()).toBe(false)
    expect(ctx.abort.signal.aborted).toBe(true)
  })

  it('calls the latest handler only, and undo gives Ctrl-C back to the one before', () => {
    const ctx = context()
    const calls: string[] = []
    const undoOuter = ctx.onInterrupt(() => calls.push('outer'))
    const undoInner = ctx.onInterrupt(() => calls.push('inner'))
    expect(ctx.interrupt()).toBe(true)
    undoInner()
    ctx.interrupt()
    undoOuter()
    expect(calls).toEqual(['inner', 'outer'])
    expect(ctx.abort.signal.aborted).toBe(false)
    ctx.interrupt()
    expect(ctx.abort.signal.aborted).toBe(true)
  })

  it('restores the right handler when handlers are undone out of order, and undo twice is undo once', () => {
    const ctx = context()
    const calls: string[] = []
    const undoA = ctx.onInterrupt(() => calls.push('a'))
    const undoB = ctx.onInterrupt(() => calls.push('b'))
    const undoC = ctx.onInterrupt(() => calls.push('c'))
    undoB()
    undoB()
    ctx.interrupt()
    undoC()
    ctx.interrupt()
    undoA()
    expect(calls).toEqual(['c', 'a'])
    expect(ctx.interrupt()).toBe(false)
  })
})

describe('Context.stopRequest', () => {
  it('resolves on the first Ctrl-C, aborts the run on the second, and release gives Ctrl-C back', async () => {
    const ctx = context()
    const calls: string[] = []
    const undoOuter = ctx.onInterrupt(() => calls.push('outer'))
    const stop = ctx.stopRequest()
    let requested = false
    void stop.requested.then(() => {
      requested = true
    })
    ctx.interrupt()
    await stop.requested
    expect(requested).toBe(true)
    expect(ctx.abort.signal.aborted).toBe(false)
    ctx.interrupt()
    expect(ctx.abort.signal.aborted).toBe(true)
    stop.release()
    ctx.interrupt()
    expect(calls).toEqual(['outer'])
    undoOuter()
  })

  it('is requested at once in a run already aborted', async () => {
    const ctx = context()
    ctx.abort.abort()
    const stop = ctx.stopRequest()
    await expect(stop.requested).resolves.toBeUndefined()
    stop.release()
  })
})
