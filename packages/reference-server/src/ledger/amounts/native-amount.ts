/** Drops per native unit (1 XRP or 1 XAH = 1,000,000 drops, docs/protocol.md §8.1). */
export const DROPS_PER_UNIT = 1_000_000n

const DROPS = /^(0|[1-9][0-9]{0,18})$/

/** The largest native amount the ledger can hold (100 billion units). */
const MAX_DROPS = 100_000_000_000n * DROPS_PER_UNIT

/**
 * Parses a native amount in drops (an integer string, or a bigint), or returns null when it is not
 * one (negative, fractional, over 100 billion units, or not a string).
 *
 * @example
 * ```ts
 * parseDrops('12') // 12n
 * parseDrops('1.5') // null
 * ```
 */
export function parseDrops(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value >= 0n && value <= MAX_DROPS ? value : null
  if (typeof value !== 'string' || !DROPS.test(value)) return null
  const drops = BigInt(value)
  return drops <= MAX_DROPS ? drops : null
}

/**
 * Formats signed drops as native units with no trailing zeros, as `balanceChanges` values are
 * written (docs/protocol.md §2), e.g. -1000012n → "-1.000012".
 *
 * @example
 * ```ts
 * dropsToUnits(-12n) // '-0.000012'
 * ```
 */
export function dropsToUnits(drops: bigint): string {
  const sign = drops < 0n ? '-' : ''
  const abs = drops < 0n ? -drops : drops
  const whole = abs / DROPS_PER_UNIT
  const fraction = (abs % DROPS_PER_UNIT).toString().padStart(6, '0').replace(/0+$/, '')
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}
