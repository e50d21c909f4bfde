// resultOf (src/commands/a2a/rpc.ts): a JSON-RPC 2.0 response (A2A 9.4) read with its zod/mini schema — a result is
// handed back, an error becomes a CLI error with the exit code of its A2A code, anything else is refused (exit 7).
import { describe, expect, it } from 'vitest'
import { resultOf } from '../../src/a2a/rpc.js'
import { CliError, ExitCode } from '../../src/errors.js'

/** The CliError resultOf throws for `response`. */
function refusal(response: unknown): CliError {
  try {
    resultOf(response, 'http://127.0.0.1:1/a2a')
  } catch (e) {
    if (e instanceof CliError) return e
    throw e
  }
  throw new Error('resultOf did not throw')
}

describe('resultOf', () => {
  it('hands back the result, with any other members left alone', () => {
    expect(resultOf({ jsonrpc: '2.0', id: 1, result: { id: 't1' }, extra: true }, 'x')).toEqual({ id: 't1' })
    expect(resultOf({ result: null }, 'x')).toBeNull()
  })

  it('turns an error into a CLI error with the exit code of its A2A code', () => {
    const missing = refusal({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'no task', data: {} } })
    expect(missing.message).toBe('http://127.0.0.1:1/a2a: A2A error -32001: no task')
    expect(missing.exitCode).toBe(ExitCode.notFound)
    expect(refusal({ error: { code: -32002, message: 'ended', more: 1 } }).exitCode).toBe(ExitCode.conflict)
    expect(refusal({ error: { code: -1, message: 'odd' } }).exitCode).toBe(ExitCode.error)
  })

  it.each([{}, { jsonrpc: '2.0', id: 1 }, { error: { code: 'x', message: 'm' } }, { error: {} }, 'text', null])(
    'refuses what is not a JSON-RPC response (neither result nor error, a malformed error, not an object): %j',
    (bad) => {
      const e = refusal(bad)
      expect(e.message).toBe('http://127.0.0.1:1/a2a answered something that is not a JSON-RPC response')
      expect(e.exitCode).toBe(ExitCode.server)
    },
  )
})
