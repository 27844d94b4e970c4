/**
 * The rounding modes of rippled's `Number` (`Number::rounding_mode`, src/libxrpl/basics/Number.cpp):
 * to nearest (ties to even, the default), towards zero, downward (to −∞), upward (to +∞).
 *
 * @example
 * ```ts
 * const mode: RoundingMode = 'upward'
 * ```
 */
export type RoundingMode = 'to_nearest' | 'towards_zero' | 'downward' | 'upward'

// rippled keeps the mode per thread (`thread_local Number::mode`); a ledger applies one
// transaction at a time, so one mode for the module does the same.
let current: RoundingMode = 'to_nearest'

/**
 * The rounding mode every `LedgerNumber` operation uses now (rippled `Number::getround`).
 *
 * @example
 * ```ts
 * getRounding() // 'to_nearest'
 * ```
 */
export const getRounding = (): RoundingMode => current

/**
 * Runs `work` with `mode` as the rounding mode and restores the previous one after, even when
 * `work` throws (rippled's `NumberRoundModeGuard`, as AMMHelpers.cpp sets a mode per step).
 *
 * @example
 * ```ts
 * const tokens = withRounding('downward', () => total.times(fraction))
 * ```
 */
export function withRounding<T>(mode: RoundingMode, work: () => T): T {
  const saved = current
  current = mode
  try {
    return work()
  } finally {
    current = saved
  }
}
