// The one map from errors to exit codes (src/errors.ts exitCodeOf): the library's errors (src/api/errors.ts) carry
// none, the CLI gives each its code and kind, and `--error-format json` prints what the map says.
import { describe, expect, it } from 'vitest'
import {
  AgentryError,
  ApiError,
  type ApiErrorInit,
  CancelledError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
  UsageError,
} from '../../src/api/errors.js'
import { CliError, ExitCode, exitCodeOf, formatError, kindOf } from '../../src/errors.js'

const answer = (status: number, extra: Partial<ApiErrorInit> = {}): ApiError =>
  ApiError.generate({ status, message: 'nope', method: 'GET', url: 'http://svc.test/api/v1beta/x?key=s', ...extra })

describe('exitCodeOf', () => {
  it.each([
    ['UsageError', new UsageError('bad'), ExitCode.usage, 'usage'],
    ['CancelledError', new CancelledError(), ExitCode.cancelled, 'cancelled'],
    ['NetworkError', new NetworkError('reset'), ExitCode.network, 'network'],
    ['TimeoutError', new TimeoutError('slow'), ExitCode.timeout, 'timeout'],
    ['InvalidResponseError', new InvalidResponseError('not JSON'), ExitCode.server, 'server'],
    ['AgentryError', new AgentryError('redirected'), ExitCode.error, 'error'],
    ['400 naming a field', answer(400, { message: 'name: too short' }), ExitCode.usage, 'usage'],
    ['400', answer(400), ExitCode.error, 'error'],
    ['401', answer(401), ExitCode.auth, 'auth'],
    ['403', answer(403), ExitCode.auth, 'auth'],
    ['404', answer(404), ExitCode.notFound, 'not_found'],
    ['408', answer(408), ExitCode.timeout, 'timeout'],
    ['409', answer(409), ExitCode.conflict, 'conflict'],
    ['422', answer(422), ExitCode.conflict, 'conflict'],
    ['422 invalid_body', answer(422, { code: 'invalid_body' }), ExitCode.usage, 'usage'],
    ['429', answer(429), ExitCode.rateLimited, 'rate_limited'],
    ['503', answer(503), ExitCode.server, 'server'],
  ])('%s: the library error carries no exit code; the CLI maps it', (_, err, code, kind) => {
    expect(err).not.toHaveProperty('exitCode')
    expect(exitCodeOf(err)).toBe(code)
    expect(kindOf(err)).toBe(kind)
  })

  it.each([
    [400, 'BadRequestError'],
    [401, 'AuthenticationError'],
    [403, 'PermissionDeniedError'],
    [404, 'NotFoundError'],
    [409, 'ConflictError'],
    [412, 'ConflictError'],
    [422, 'UnprocessableEntityError'],
    [429, 'RateLimitError'],
    [502, 'InternalServerError'],
    [418, 'ApiError'],
  ])('%i is a %s, by class and by name', (status, name) => {
    const err = answer(status)
    expect(err.name).toBe(name)
    expect(err.constructor.name).toBe(name)
    expect(err).toBeInstanceOf(ApiError)
  })

  it("a CliError says its own; anything else is a bug's 1", () => {
    expect(exitCodeOf(new CliError('x', { exitCode: ExitCode.notFound }))).toBe(ExitCode.notFound)
    expect(exitCodeOf(new Error('bug'))).toBe(ExitCode.error)
    expect(exitCodeOf('thrown text')).toBe(ExitCode.error)
  })
})

describe('formatError of a library error', () => {
  it('--error-format json: kind and exit code from the map, status, code and request id from the answer', () => {
    const err = answer(404, { code: 'not_found', requestId: 'req_1' })
    const { text, exitCode } = formatError(err, { format: 'json', debug: false, color: (s) => s })
    expect(exitCode).toBe(3)
    expect(JSON.parse(text)).toEqual({
      error: {
        message: 'GET http://svc.test/api/v1beta/x: 404 nope (request req_1)',
        kind: 'not_found',
        exitCode: 3,
        status: 404,
        requestId: 'req_1',
        code: 'not_found',
      },
    })
  })

  it('text: one line and its hint, no stack', () => {
    const { text, exitCode } = formatError(answer(401), { format: 'text', debug: true, color: (s) => s })
    expect(exitCode).toBe(4)
    expect(text).toBe(
      'error: GET http://svc.test/api/v1beta/x: 401 nope\nhint: check your credential: run `agentry whoami`, or `agentry login`\n',
    )
  })
})
