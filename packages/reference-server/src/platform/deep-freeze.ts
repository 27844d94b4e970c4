/**
 * Freezes a plain JSON value and everything in it, so that an object the platform hands out
 * several times (a payload record) cannot be changed by one of its readers.
 *
 * @example
 * ```ts
 * const record = deepFreeze({ meta: { signed: false } })
 * Object.isFrozen(record.meta) // true
 * ```
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}
