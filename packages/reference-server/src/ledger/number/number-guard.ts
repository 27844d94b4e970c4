import { getRounding } from './rounding-mode'

const MASK_64 = (1n << 64n) - 1n
const HALF = 0x5000_0000_0000_0000n

/**
 * The guard digits of rippled's `Number::Guard` (src/libxrpl/basics/Number.cpp): up to 16 decimal
 * digits shifted off a mantissa, packed four bits each into 64 bits, a sticky bit for any non-zero
 * digit shifted further, and the sign, so a result rounds as if computed exactly.
 *
 * @example
 * ```ts
 * const guard = new NumberGuard(false)
 * guard.push(5n)
 * guard.round() // 0: exactly half
 * ```
 */
export class NumberGuard {
  private digits = 0n
  private dropped = false

  constructor(readonly negative: boolean) {}

  /** Adds a digit shifted off the mantissa (`Guard::push`). */
  push(digit: bigint): void {
    this.dropped ||= (this.digits & 0xfn) !== 0n
    this.digits = (this.digits >> 4n) | ((digit & 0xfn) << 60n)
  }

  /** Takes back the last digit pushed (`Guard::pop`). */
  pop(): bigint {
    const digit = (this.digits >> 60n) & 0xfn
    this.digits = (this.digits << 4n) & MASK_64
    return digit
  }

  /**
   * Which way the current mode rounds what the guard holds (`Guard::round`): 1 up, −1 down, 0 a
   * tie (to nearest: to even).
   */
  round(): -1 | 0 | 1 {
    const mode = getRounding()
    const any = this.digits > 0n || this.dropped
    if (mode === 'towards_zero') return -1
    if (mode === 'downward') return this.negative && any ? 1 : -1
    if (mode === 'upward') return !this.negative && any ? 1 : -1
    if (this.digits > HALF) return 1
    if (this.digits < HALF) return -1
    return this.dropped ? 1 : 0
  }
}
