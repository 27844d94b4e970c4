import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LedgerNumber } from '../../../src/ledger/number/ledger-number'
import { power, powerRatio, root, root2 } from '../../../src/ledger/number/number-roots'
import { type RoundingMode, withRounding } from '../../../src/ledger/number/rounding-mode'

// rippled's own cases on the 16-digit scale (src/test/basics/Number_test.cpp, cSmall): each
// operation, in each rounding mode, gives exactly rippled's digits.
const n = (mantissa: bigint | number, exponent = 0) => LedgerNumber.of(BigInt(mantissa), exponent)
const text = (value: LedgerNumber) => `${value.mantissa}e${value.exponent}`

describe('LedgerNumber follows rippled Number_test.cpp on the 16-digit scale [rippled Number.cpp]', () => {
  it.each([
    [
      n(1_000_000_000_000_000n, -15),
      n(6_555_555_555_555_555n, -29),
      n(1_000_000_000_000_066n, -15),
    ],
    [
      n(-1_000_000_000_000_000n, -15),
      n(-6_555_555_555_555_555n, -29),
      n(-1_000_000_000_000_066n, -15),
    ],
    [
      n(-1_000_000_000_000_000n, -15),
      n(6_555_555_555_555_555n, -29),
      n(-9_999_999_999_999_344n, -16),
    ],
    [
      n(-6_555_555_555_555_555n, -29),
      n(1_000_000_000_000_000n, -15),
      n(9_999_999_999_999_344n, -16),
    ],
    [LedgerNumber.ZERO, n(5), n(5)],
    [n(5), LedgerNumber.ZERO, n(5)],
    [n(5_555_555_555_555_555n, -32768), n(-5_555_555_555_555_554n, -32768), n(0)],
    [
      n(-9_999_999_999_999_999n, -31),
      n(1_000_000_000_000_000n, -15),
      n(9_999_999_999_999_990n, -16),
    ],
  ])('test_add: %s + %s', (x, y, z) => {
    expect(text(x.plus(y))).toBe(text(z))
  })

  it.each([
    [
      n(1_000_000_000_000_000n, -15),
      n(6_555_555_555_555_555n, -29),
      n(9_999_999_999_999_344n, -16),
    ],
    [
      n(6_555_555_555_555_555n, -29),
      n(1_000_000_000_000_000n, -15),
      n(-9_999_999_999_999_344n, -16),
    ],
    [n(1_000_000_000_000_000n, -15), n(1_000_000_000_000_000n, -15), n(0)],
    [
      n(1_000_000_000_000_000n, -15),
      n(1_000_000_000_000_001n, -15),
      n(-1_000_000_000_000_000n, -30),
    ],
    [
      n(1_000_000_000_000_001n, -15),
      n(1_000_000_000_000_000n, -15),
      n(1_000_000_000_000_000n, -30),
    ],
  ])('test_sub: %s - %s', (x, y, z) => {
    expect(text(x.minus(y))).toBe(text(z))
  })

  const sqrt2 = n(1414213562373095n, -15)
  const mul: Record<RoundingMode, [LedgerNumber, LedgerNumber, LedgerNumber][]> = {
    to_nearest: [
      [n(7), n(8), n(56)],
      [sqrt2, sqrt2, n(2000000000000000n, -15)],
      [sqrt2.negated(), sqrt2, n(-2000000000000000n, -15)],
      [sqrt2.negated(), sqrt2.negated(), n(2000000000000000n, -15)],
      [n(3214285714285706n, -15), n(3111111111111119n, -15), n(1000000000000000n, -14)],
      [n(1000000000000000n, -32768), n(1000000000000000n, -32768), n(0)],
      [n(9_999_999_999_999_999n), n(9_999_999_999_999_999n), n(9_999_999_999_999_998n, 16)],
    ],
    towards_zero: [
      [sqrt2, sqrt2, n(1999999999999999n, -15)],
      [sqrt2.negated(), sqrt2, n(-1999999999999999n, -15)],
      [n(3214285714285706n, -15), n(3111111111111119n, -15), n(9999999999999999n, -15)],
    ],
    downward: [
      [sqrt2, sqrt2, n(1999999999999999n, -15)],
      [sqrt2.negated(), sqrt2, n(-2000000000000000n, -15)],
      [n(3214285714285706n, -15), n(3111111111111119n, -15), n(9999999999999999n, -15)],
    ],
    upward: [
      [sqrt2, sqrt2, n(2000000000000000n, -15)],
      [sqrt2.negated(), sqrt2, n(-1999999999999999n, -15)],
      [n(3214285714285706n, -15), n(3111111111111119n, -15), n(1000000000000000n, -14)],
    ],
  }
  it.each(Object.entries(mul))('test_mul %s', (mode, cases) => {
    for (const [x, y, z] of cases) {
      expect(withRounding(mode as RoundingMode, () => text(x.times(y)))).toBe(text(z))
    }
  })

  const div: Record<RoundingMode, [LedgerNumber, LedgerNumber, LedgerNumber][]> = {
    to_nearest: [
      [n(1), n(2), n(5, -1)],
      [n(1), n(-10), n(-1, -1)],
      [n(1414213562373095n, -10), n(1414213562373095n, -10), n(1)],
      [n(2), n(3), n(6_666_666_666_666_667n, -16)],
      [n(-2), n(3), n(-6_666_666_666_666_667n, -16)],
      [n(1), n(7), n(1_428_571_428_571_428n, -16)],
    ],
    towards_zero: [
      [n(2), n(3), n(6_666_666_666_666_666n, -16)],
      [n(-2), n(3), n(-6_666_666_666_666_666n, -16)],
      [n(1), n(7), n(1_428_571_428_571_428n, -16)],
    ],
    downward: [
      [n(2), n(3), n(6_666_666_666_666_666n, -16)],
      [n(-2), n(3), n(-6_666_666_666_666_667n, -16)],
    ],
    upward: [
      [n(2), n(3), n(6_666_666_666_666_667n, -16)],
      [n(-2), n(3), n(-6_666_666_666_666_666n, -16)],
      [n(1), n(7), n(1_428_571_428_571_429n, -16)],
    ],
  }
  it.each(Object.entries(div))('test_div %s', (mode, cases) => {
    for (const [x, y, z] of cases) {
      expect(withRounding(mode as RoundingMode, () => text(x.div(y)))).toBe(text(z))
    }
    expect(() => n(1).div(LedgerNumber.ZERO)).toThrow(RangeError)
  })

  it('test_root, test_root2 and the powers', () => {
    expect(text(root(n(2), 2))).toBe(text(n(1414213562373095049n, -18)))
    expect(text(root(n(2_000_000), 2))).toBe(text(n(1414213562373095049n, -15)))
    expect(text(root(n(2, -30), 2))).toBe(text(n(1414213562373095049n, -33)))
    expect(text(root(n(-27), 3))).toBe(text(n(-3)))
    expect(text(root(n(5625, -4), 2))).toBe(text(n(75, -2)))
    for (const x of [n(2), n(2_000_000), n(2, -30), n(27), n(1), n(5, -1), n(0), n(5625, -4)]) {
      expect(text(root2(x))).toBe(text(root(x, 2)))
    }
    expect(text(power(n(64), 11))).toBe(text(n(7378697629483820646n, 1)))
    expect(text(powerRatio(n(4), 3, 2))).toBe(text(n(8)))
    expect(() => powerRatio(n(7), 1, 0)).toThrow(RangeError)
  })

  it('test_limits: the exponent range, zero below it, an error above it', () => {
    expect(text(n(1_000_000_000_000_000n, -32769))).toBe(text(LedgerNumber.ZERO))
    expect(() => n(10n ** 15n, 32767).times(n(100))).toThrow(RangeError)
    expect(text(n(2n ** 63n - 1n))).toBe(text(n(9_223_372_036_854_776n, 3)))
  })

  it('to_string and the whole-number conversion (ties to even by default)', () => {
    expect(LedgerNumber.from('1e20').toString()).toBe('1e20')
    expect(LedgerNumber.from('0.0001').toString()).toBe('0.0001')
    expect(LedgerNumber.from('-123.450').toString()).toBe('-123.45')
    expect(LedgerNumber.from('2.5').toBigInt()).toBe(2n)
    expect(LedgerNumber.from('3.5').toBigInt()).toBe(4n)
    expect(withRounding('upward', () => LedgerNumber.from('2.1').toBigInt())).toBe(3n)
    expect(withRounding('downward', () => LedgerNumber.from('-2.1').toBigInt())).toBe(-3n)
    expect(LedgerNumber.from('1e-40').toBigInt()).toBe(0n)
    expect(withRounding('upward', () => LedgerNumber.from('1e-40').toBigInt())).toBe(1n)
  })
})

// Exact rationals: each result is within one unit of its 16th digit of the exact value for values of
// every magnitude, but a difference whose borrow crosses a power of ten: rippled's subtraction
// then keeps a zero for its last digit (Number_test.cpp's last test_add case, 9999999999999990e-16).
const values = fc
  .tuple(
    fc.bigInt({ min: -(10n ** 16n) + 1n, max: 10n ** 16n - 1n }),
    fc.integer({ min: -60, max: 60 }),
  )
  .map(([m, e]) => n(m, e))

const exact = (x: LedgerNumber) => ({ num: x.mantissa, exp: x.isZero() ? 0 : x.exponent })
// Whether result is within `units` of its last digit of num/den × 10^exp (exact, in bigints; the
// bound scaled by 100 to allow a hundredth of a unit for quotients).
function within(result: LedgerNumber, num: bigint, den: bigint, exp: number, hundredths: bigint) {
  if (result.isZero()) return num === 0n || hundredths >= 100n
  const shift = result.exponent - exp
  const [n, d] = shift >= 0 ? [num, den * 10n ** BigInt(shift)] : [num * 10n ** BigInt(-shift), den]
  const diff = (result.mantissa * d - n) * 100n
  return (diff < 0n ? -diff : diff) <= hundredths * d
}

describe('LedgerNumber rounds within one unit of the 16th digit (property)', () => {
  it('sums, products and quotients', () => {
    fc.assert(
      fc.property(
        values,
        values,
        fc.constantFrom<RoundingMode>('to_nearest', 'towards_zero', 'downward', 'upward'),
        (x, y, mode) => {
          const a = exact(x)
          const b = exact(y)
          withRounding(mode, () => {
            const low = Math.min(a.exp, b.exp)
            const sum = a.num * 10n ** BigInt(a.exp - low) + b.num * 10n ** BigInt(b.exp - low)
            expect(within(x.plus(y), sum, 1n, low, 1000n)).toBe(true)
            expect(within(x.times(y), a.num * b.num, 1n, a.exp + b.exp, 100n)).toBe(true)
            if (!y.isZero()) {
              const num = b.num < 0n ? -a.num : a.num
              const den = b.num < 0n ? -b.num : b.num
              expect(within(x.div(y), num, den, a.exp - b.exp, 101n)).toBe(true)
            }
          })
        },
      ),
      { numRuns: 2000 },
    )
  })
})
