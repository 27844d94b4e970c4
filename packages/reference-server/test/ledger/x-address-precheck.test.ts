import fc from 'fast-check'
import { classicAddressToXAddress, isValidXAddress } from 'ripple-address-codec'
import { decode, encode } from 'ripple-binary-codec'
import { describe, expect, test } from 'vitest'
import { createLedger } from '../../src/ledger'
import { MIN_X_ADDRESS_LENGTH, withShapePrecheck } from '../../src/ledger/x-address-precheck'
import { createClock } from '../../src/platform'

const ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz'
const CLASSIC = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'
const checked = withShapePrecheck(isValidXAddress)

describe('X-address shape pre-check', () => {
  test('every real X-address is long enough, and the pre-check accepts it', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: false as const }),
        fc.boolean(),
        (tag, testNet) => {
          const x = classicAddressToXAddress(CLASSIC, tag, testNet)
          expect(x.length).toBeGreaterThanOrEqual(MIN_X_ADDRESS_LENGTH)
          expect(checked(x)).toBe(true)
        },
      ),
    )
  })

  test('answers as isValidXAddress for any string, near the length bound included', () => {
    const base58 = fc
      .array(fc.constantFrom(...ALPHABET), { minLength: 0, maxLength: 60 })
      .map((chars) => chars.join(''))
    fc.assert(
      fc.property(fc.oneof(base58, fc.string({ maxLength: 60 })), (value) => {
        expect(checked(value), value).toBe(isValidXAddress(value))
      }),
      { numRuns: 2000 },
    )
    for (const value of [
      CLASSIC,
      'Payment',
      '1000000',
      'r'.repeat(35),
      'X'.repeat(35),
      '',
      'ED'.padEnd(66, 'A0'),
      ` ${classicAddressToXAddress(CLASSIC, 1, false)}`,
      `${classicAddressToXAddress(CLASSIC, false, true)}\n`,
    ]) {
      expect(checked(value), value).toBe(isValidXAddress(value))
    }
  })

  test('with the ledger created, the codec still turns an X-address into address and tag', () => {
    createLedger({ clock: createClock(), closeMs: false })
    const tx = {
      TransactionType: 'Payment',
      Account: CLASSIC,
      Destination: classicAddressToXAddress(CLASSIC, 42, false),
      Amount: '1',
      Fee: '12',
      Sequence: 1,
      SigningPubKey: '',
    }
    expect(decode(encode(tx))).toMatchObject({ Destination: CLASSIC, DestinationTag: 42 })
    expect(() => encode({ ...tx, Amount: classicAddressToXAddress(CLASSIC, 1, false) })).toThrow()
  })
})
