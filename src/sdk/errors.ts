// Typed errors per status family (after openai-node's APIError subclasses), so library users can `catch (e) { if
// (e instanceof NotFoundError) … }`. Each extends the CLI's ApiError (src/errors.ts) and keeps its message, hint and
// exit code: the CLI prints and exits exactly as before.
import { ApiError } from '../errors.js'

type ApiErrorClass = new (source: ApiError) => ApiError

function typed(name: string): ApiErrorClass {
  const cls = class extends ApiError {
    constructor(source: ApiError) {
      super({
        status: source.status,
        message: source.serverMessage,
        method: '',
        url: '',
        ...(source.requestId ? { requestId: source.requestId } : {}),
        ...(source.code ? { code: source.code } : {}),
        ...(source.hint ? { hint: source.hint } : {}),
      })
      // The message names the method and URL the HTTP core saw; keep it word for word.
      this.message = source.message
      this.name = name
    }
  }
  Object.defineProperty(cls, 'name', { value: name })
  return cls
}

/** 400: the request was malformed, e.g. a field the service refused (exit 2, like the same local check). */
export const BadRequestError = typed('BadRequestError')
/** 401: no credential, or one the service refused (exit 4). */
export const AuthenticationError = typed('AuthenticationError')
/** 403: the credential lacks the scope (exit 4). */
export const PermissionDeniedError = typed('PermissionDeniedError')
/** 404: no such resource (exit 3). */
export const NotFoundError = typed('NotFoundError')
/** 409, 412: the resource is not in a state that allows this (exit 5). */
export const ConflictError = typed('ConflictError')
/** 422: the body was refused (exit 5; exit 2 when its code says a field was invalid). */
export const UnprocessableEntityError = typed('UnprocessableEntityError')
/** 429: rate limited (exit 6). */
export const RateLimitError = typed('RateLimitError')
/** 5xx: the server failed (exit 7). */
export const InternalServerError = typed('InternalServerError')

/** The typed class of a status. */
function classFor(status: number): ApiErrorClass | undefined {
  if (status === 400) return BadRequestError
  if (status === 401) return AuthenticationError
  if (status === 403) return PermissionDeniedError
  if (status === 404) return NotFoundError
  if (status === 409 || status === 412) return ConflictError
  if (status === 422) return UnprocessableEntityError
  if (status === 429) return RateLimitError
  if (status >= 500) return InternalServerError
  return undefined
}

/** An ApiError as its typed subclass (other errors pass through unchanged). */
export function typedError(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.constructor !== ApiError) return err
  const cls = classFor(err.status)
  return cls ? new cls(err) : err
}

/** Runs `fn`, turning an ApiError into its typed subclass. */
export async function typedErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    throw typedError(err)
  }
}
