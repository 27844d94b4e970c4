import fc from 'fast-check'
import { decodeAccountID, encodeAccountID } from 'ripple-address-codec'
import { expect, test } from 'vitest'
import { accountIdOf, addressOfAccountId } from '../../../src/ledger/codec/account-ids'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase()
const accountBytes = fc.uint8Array({ minLength: 20, maxLength: 20 })

test('remembered conversions answer what ripple-address-codec answers, in both directions and again', () => {
  // More accounts than either memo keeps, each asked twice, in both orders.
  fc.assert(
    fc.property(accountBytes, fc.boolean(), (bytes, addressFirst) => {
      const address = encodeAccountID(bytes)
      for (let i = 0; i < 2; i++) {
        if (addressFirst) expect(addressOfAccountId(bytes)).toBe(address)
        expect(accountIdOf(address)).toBe(hex(bytes))
        expect(addressOfAccountId(bytes)).toBe(address)
      }
    }),
    { numRuns: 5000 },
  )
})

test.each([
  ['not base58', 'r0000000000000000000000000000000'],
  ['a wrong checksum', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi'],
  ['empty', ''],
])('an address that is %s throws what decodeAccountID throws', (_, address) => {
  expect(() => accountIdOf(address)).toThrow(
    (() => {
      try {
        decodeAccountID(address)
      } catch (error) {
        return (error as Error).message
      }
      return 'no error'
    })(),
  )
})

test('an AccountID that is not 20 bytes throws, as encodeAccountID does', () => {
  expect(() => addressOfAccountId(new Uint8Array(19))).toThrow()
  expect(() => addressOfAccountId(new Uint8Array(21))).toThrow()
})
