import {
  AbortError,
  type AnyPullSignError,
  ApiError,
  AuthError,
  isPullSignError,
  NetworkError,
  PullSignError,
  type PullSignErrorCode,
  RateLimitError,
  TimeoutError,
} from 'pullsign'
import { describe, expect, expectTypeOf, test, vi } from 'vitest'

const details = {
  status: 429,
  errorCode: 429,
  reference: 'r-1',
  serverMessage: 'slow down',
  method: 'GET',
  path: '/api/v1/platform/ping',
}

const samples: [PullSignErrorCode, AnyPullSignError][] = [
  ['ERR_CONFIG', new PullSignError('ERR_CONFIG', 'bad') as AnyPullSignError],
  ['ERR_API', new ApiError({ ...details, status: 400, errorCode: 602 }) as AnyPullSignError],
  ['ERR_AUTH', new AuthError({ ...details, status: 403, errorCode: 813 })],
  ['ERR_RATE_LIMIT', new RateLimitError(details, 17)],
  ['ERR_NETWORK', new NetworkError('down')],
  ['ERR_TIMEOUT', new TimeoutError('slow')],
  ['ERR_ABORTED', new AbortError('stop')],
  ['ERR_PERMISSION', new PullSignError('ERR_PERMISSION', 'refused') as AnyPullSignError],
]

describe('narrowing', () => {
  test('switch (err.code) gives the subclass with its fields', () => {
    const explain = (err: AnyPullSignError): string => {
      switch (err.code) {
        case 'ERR_RATE_LIMIT':
          expectTypeOf(err).toEqualTypeOf<RateLimitError>()
          return `retry in ${err.retryAfter} s`
        case 'ERR_AUTH':
          expectTypeOf(err).toEqualTypeOf<AuthError>()
          return `refused: ${err.errorCode}`
        case 'ERR_API':
          return `${err.status} ${err.errorCode}`
        default:
          return err.code
      }
    }
    expect(samples.map(([, err]) => explain(err))).toEqual([
      'ERR_CONFIG',
      '400 602',
      'refused: 813',
      'retry in 17 s',
      'ERR_NETWORK',
      'ERR_TIMEOUT',
      'ERR_ABORTED',
      'ERR_PERMISSION',
    ])
  })

  test.each(samples)('isPullSignError(err, %s) holds for its own code only', (code, err) => {
    expect(isPullSignError(err)).toBe(true)
    expect(isPullSignError(err, code)).toBe(true)
    for (const [other] of samples)
      if (other !== code) expect(isPullSignError(err, other)).toBe(false)
  })

  test('isPullSignError narrows to the subclass of the code', () => {
    const err: unknown = new RateLimitError(details, 5)
    if (!isPullSignError(err, 'ERR_RATE_LIMIT')) throw new Error('expected a rate limit error')
    expectTypeOf(err).toEqualTypeOf<RateLimitError>()
    expect(err.retryAfter).toBe(5)
  })

  test.each([new Error('plain'), { code: 'ERR_API', message: 'look-alike' }, null, 'ERR_API'])(
    'isPullSignError(%j) is false',
    (value) => {
      expect(isPullSignError(value)).toBe(false)
      expect(value instanceof PullSignError).toBe(false)
    },
  )
})

describe('instanceof across copies of the SDK', () => {
  test('an error from another copy of the module is instanceof its class and its bases, not of others', async () => {
    vi.resetModules()
    const other = await import('pullsign')
    expect(other.RateLimitError).not.toBe(RateLimitError) // really a second copy
    const foreign = new other.RateLimitError(details, 3)
    expect(foreign).toBeInstanceOf(RateLimitError)
    expect(foreign).toBeInstanceOf(ApiError)
    expect(foreign).toBeInstanceOf(PullSignError)
    expect(foreign).not.toBeInstanceOf(AuthError)
    expect(foreign).not.toBeInstanceOf(NetworkError)
    expect(isPullSignError(foreign, 'ERR_RATE_LIMIT')).toBe(true)
    expect(new RateLimitError(details, 3)).toBeInstanceOf(other.PullSignError)
  })

  test("a user's own subclass keeps the ordinary instanceof", () => {
    class OrderError extends PullSignError {}
    expect(new OrderError('ERR_INPUT', 'bad order')).toBeInstanceOf(OrderError)
    expect(new OrderError('ERR_INPUT', 'bad order')).toBeInstanceOf(PullSignError)
    expect(new PullSignError('ERR_INPUT', 'bad')).not.toBeInstanceOf(OrderError)
  })
})
