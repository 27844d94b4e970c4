import { positiveOr } from '../core/input'

/**
 * Reconnect policy after an unclean close: exponential backoff with jitter, from
 * `initialDelayMs` doubling up to `maxDelayMs`, at most `maxAttempts` attempts in a row.
 *
 * @example
 * ```ts
 * const reconnect: ReconnectOptions = { initialDelayMs: 500, maxDelayMs: 10_000, maxAttempts: 20 }
 * ```
 */
export interface ReconnectOptions {
  initialDelayMs?: number
  maxDelayMs?: number
  maxAttempts?: number
}

/**
 * The reconnect decisions of one subscription: the delay before the next attempt (or `null`
 * once `maxAttempts` attempts in a row have failed), and a reset once a socket opens.
 *
 * @example
 * ```ts
 * const policy = createReconnectPolicy({ maxAttempts: 3 }, Math.random)
 * const delayMs = policy.next() // about 250..500 ms, then twice that, …
 * ```
 */
export interface ReconnectPolicy {
  /** Attempts made since the last open. */
  readonly attempts: number
  /** Counts one more attempt and returns its delay, or `null` when the policy gives up. */
  next(): number | null
  /** A socket opened: the next failure starts from the first delay again. */
  reset(): void
}

/**
 * Checks the options (`ERR_INPUT` naming the field) and builds the policy; `random` is the
 * client's randomness seam, for the jitter (each delay is 50 to 100% of the backoff).
 *
 * @example
 * ```ts
 * const policy = createReconnectPolicy({ initialDelayMs: 100 }, core.seams.random)
 * ```
 */
export function createReconnectPolicy(
  options: ReconnectOptions,
  random: () => number,
): ReconnectPolicy {
  const initialDelayMs = positiveOr(options.initialDelayMs, 500, 'reconnect.initialDelayMs')
  const maxDelayMs = positiveOr(options.maxDelayMs, 10_000, 'reconnect.maxDelayMs')
  const maxAttempts = positiveOr(options.maxAttempts, 20, 'reconnect.maxAttempts')
  let attempts = 0
  return {
    get attempts() {
      return attempts
    },
    next() {
      if (attempts >= maxAttempts) return null
      const base = Math.min(maxDelayMs, initialDelayMs * 2 ** attempts)
      attempts++
      return Math.round(base * (0.5 + random() / 2))
    },
    reset() {
      attempts = 0
    },
  }
}
