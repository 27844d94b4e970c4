import { PullSignError } from './errors/pull-sign-error'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** 64 hex digits: a transaction hash, an NFToken id, a hook hash. */
export const HEX_64 = /^[0-9A-Fa-f]{64}$/

/**
 * Throws `ERR_INPUT` naming the field unless the value is a UUID; returns it lower-cased.
 *
 * @example
 * ```ts
 * const uuid = requireUuid(input, 'uuid')
 * ```
 */
export function requireUuid(value: unknown, field: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw new PullSignError('ERR_INPUT', `${field} must be a UUID, got ${describeValue(value)}`)
  }
  return value.toLowerCase()
}

/**
 * Throws `ERR_INPUT` naming the field unless the value is a non-empty string matching `pattern`.
 *
 * @example
 * ```ts
 * requireString(hash, 'hash', /^[0-9A-Fa-f]{64}$/, '64 hex characters')
 * ```
 */
export function requireString(
  value: unknown,
  field: string,
  pattern?: RegExp,
  expected = 'a non-empty string',
): string {
  if (typeof value !== 'string' || value === '' || (pattern && !pattern.test(value))) {
    throw new PullSignError(
      'ERR_INPUT',
      `${field} must be ${expected}, got ${describeValue(value)}`,
    )
  }
  return value
}

/**
 * Throws `ERR_INPUT` naming the field unless the value is a plain JSON object.
 *
 * @example
 * ```ts
 * requireObject(data, 'data')
 * ```
 */
export function requireObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PullSignError('ERR_INPUT', `${field} must be an object, got ${describeValue(value)}`)
  }
  return value as Record<string, unknown>
}

/**
 * A short description of a bad value for an error message. A string longer than 16 characters
 * is described by its length only: it could be a secret pasted in the wrong place.
 *
 * @example
 * ```ts
 * describeValue(42) // 'number 42'
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') {
    return value.length > 16 ? `a string of ${value.length} characters` : JSON.stringify(value)
  }
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${String(value)}`
}

/** Whether a value is a JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A classic XRP Ledger address (r…, base58, 25 to 35 characters).
 *
 * @example
 * ```ts
 * CLASSIC_ADDRESS.test('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY') // true
 * ```
 */
export const CLASSIC_ADDRESS = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/

/**
 * `fallback` when the value is `undefined`; else the value if it is a positive number, or
 * `ERR_INPUT` naming the field.
 *
 * @example
 * ```ts
 * const keepaliveMs = positiveOr(options.keepaliveMs, 15_000, 'keepaliveMs')
 * ```
 */
export function positiveOr(value: unknown, fallback: number, field: string): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) {
    throw new PullSignError(
      'ERR_INPUT',
      `${field} must be a positive number, got ${describeValue(value)}`,
    )
  }
  return value
}
