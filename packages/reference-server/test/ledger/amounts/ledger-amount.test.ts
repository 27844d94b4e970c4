import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  divRound,
  divRoundStrict,
  mulRatio,
  mulRound,
  mulRoundStrict,
} from '../../../src/ledger/amounts/amount-arithmetic'
import { LedgerAmount } from '../../../src/ledger/amounts/ledger-amount'
import { getRate, Quality } from '../../../src/ledger/amounts/quality'
import { multiplyRate, QUALITY_ONE } from '../../../src/ledger/amounts/transfer-rate'
import { withRounding } from '../../../src/ledger/number/rounding-mode'

const ISSUER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'
const usdAsset = { currency: 'USD', issuer: ISSUER }
const usd = (value: string) => LedgerAmount.fromJson({ ...usdAsset, value }, 'XRP')
const drops = (value: bigint) => LedgerAmount.drops(value)

describe('LedgerAmount is canonical as rippled STAmount keeps it [rippled STAmount.cpp]', () => {
  it.each([
    ['9999999999999999e80', '9999999999999999e80'],
    ['1e20', '1000000000000000e5'],
    ['100000000000000000000', '1000000000000000e5'],
    ['100', '100'],
    ['0.0001', '0.0001'],
    ['-0.5', '-0.5'],
    ['1234567890123456e-30', '1234567890123456e-30'],
    ['1e-81', '1000000000000000e-96'],
    ['1e-82', '0'],
    ['0.30000000000000004', '0.3'],
    ['1000000000000000.5', '1000000000000000'],
    ['1000000000000001.5', '1000000000000002'],
  ])('an issued %s is written %s (getText)', (value, text) => {
    expect(usd(value).text()).toBe(text)
  })

  it('an issued value past 9999999999999999e80 and drops past 10^17 are refused', () => {
    expect(() => usd('1e97')).toThrow(RangeError)
    expect(() => drops(10n ** 17n + 1n)).toThrow(RangeError)
    expect(drops(10n ** 17n).text()).toBe('100000000000000000')
  })

  it('sums of issued values round to 16 digits; drops add exactly', () => {
    expect(usd('0.1').plus(usd('0.2')).text()).toBe('0.3')
    expect(usd('1e15').plus(usd('0.5')).text()).toBe('1000000000000000')
    expect(usd('1e15').plus(usd('1.5')).text()).toBe('1000000000000002')
    expect(drops(99_999_999_999_999_999n).minus(drops(1n)).text()).toBe('99999999999999998')
    expect(() => usd('1').plus(drops(1n))).toThrow(RangeError)
  })

  it('mulRound and divRound round away from zero or towards it, never to zero when up', () => {
    const third = divRound(usd('1'), usd('3'), usdAsset, true)
    expect(third.text()).toBe('0.3333333333333334')
    expect(divRound(usd('1'), usd('3'), usdAsset, false).text()).toBe('0.3333333333333333')
    expect(divRoundStrict(usd('2'), usd('3'), usdAsset, false).text()).toBe('0.6666666666666666')
    expect(mulRound(usd('10'), usd('0.3333333333333333'), usdAsset, true).text()).toBe(
      '3.333333333333333',
    )
    expect(mulRound(usd('1e-80'), usd('1e-80'), usdAsset, true).text()).toBe('1000000000000000e-96')
    expect(
      mulRoundStrict(drops(3n), usd('0.5'), { currency: 'XRP', issuer: null }, true).text(),
    ).toBe('2')
    expect(
      mulRoundStrict(drops(3n), usd('0.5'), { currency: 'XRP', issuer: null }, false).text(),
    ).toBe('1')
  })

  it('mulRatio applies a rate in parts per billion with one rounding (IOUAmount, XRPAmount)', () => {
    expect(mulRatio(usd('10'), 1_002_000_000, QUALITY_ONE, true).text()).toBe('10.02')
    expect(mulRatio(usd('1'), QUALITY_ONE, 3 * QUALITY_ONE, true).text()).toBe('0.3333333333333334')
    expect(mulRatio(usd('1'), QUALITY_ONE, 3 * QUALITY_ONE, false).text()).toBe(
      '0.3333333333333333',
    )
    expect(mulRatio(drops(10n), QUALITY_ONE, 3 * QUALITY_ONE, true).text()).toBe('4')
    expect(multiplyRate(usd('0.1'), 1_000_000_001).text()).toBe('0.1000000001')
  })

  it('a quality is the packed rate; book_offers prints it as getText', () => {
    const quality = Quality.of({ in: drops(2_000_000n), out: usd('1') })
    expect(quality.value).toBe(0x5b071afd498d0000n)
    expect(quality.text()).toBe('2000000')
    expect(getRate(usd('2'), usd('1'))).toBe(Quality.of({ in: usd('1'), out: usd('2') }).value)
    expect(Quality.of({ in: usd('1'), out: drops(2_000_000n) }).text()).toBe('0.0000005')
    const ceiled = quality.ceilOut({ in: drops(2_000_000n), out: usd('1') }, usd('0.5'))
    expect([ceiled.in.text(), ceiled.out.text()]).toEqual(['1000000', '0.5'])
  })
})

describe('LedgerAmount sums stay canonical (property)', () => {
  it('any sequence of issued sums and differences has at most 16 digits and encodes', () => {
    const value = fc
      .tuple(
        fc.bigInt({ min: 1n, max: 10n ** 17n }),
        fc.integer({ min: -40, max: 40 }),
        fc.boolean(),
      )
      .map(([m, e, negative]) => `${negative ? '-' : ''}${m}e${e}`)
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 20 }),
        fc.constantFrom('to_nearest', 'upward', 'downward', 'towards_zero' as const),
        (values, mode) => {
          withRounding(mode, () => {
            let total = LedgerAmount.zero(usdAsset)
            for (const v of values) total = total.plus(usd(v))
            const digits = total.mantissa < 0n ? -total.mantissa : total.mantissa
            expect(digits === 0n || (digits >= 10n ** 15n && digits < 10n ** 16n)).toBe(true)
            expect(usd(total.text()).eq(total)).toBe(true)
          })
        },
      ),
    )
  })
})
