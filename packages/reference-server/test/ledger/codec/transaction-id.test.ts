import fc from 'fast-check'
import { transactionId } from 'pullsign/verify'
import { expect, test } from 'vitest'
import { ledgerTransactionId } from '../../../src/ledger/codec/transaction-id'
import { sha512HalfHex } from '../test-keys'

test('the ledger computes the id pullsign/verify computes, for any blob (docs/protocol.md §8.2)', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 600 }), fc.boolean(), (bytes, upper) => {
      const hex = Buffer.from(bytes).toString('hex')
      const blob = upper ? hex.toUpperCase() : hex
      expect(ledgerTransactionId(blob)).toBe(transactionId(blob))
      expect(ledgerTransactionId(blob)).toBe(sha512HalfHex(`54584E00${blob}`))
    }),
    { numRuns: 500 },
  )
})
