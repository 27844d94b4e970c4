import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ctid, decodeCtid } from '../../src/ledger/ctid'

describe('CTID (docs/protocol.md §9.2)', () => {
  it('decodeCtid reads back what ctid wrote, for every position in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 28 - 1 }),
        fc.integer({ min: 0, max: 2 ** 16 - 1 }),
        fc.integer({ min: 0, max: 2 ** 16 - 1 }),
        (ledgerIndex, transactionIndex, networkId) => {
          const id = ctid(ledgerIndex, transactionIndex, networkId)
          expect(id).toMatch(/^C[0-9A-F]{15}$/)
          expect(decodeCtid(id)).toEqual({ ledgerIndex, transactionIndex, networkId })
        },
      ),
    )
  })

  it('decodeCtid refuses anything that is not C and 15 hex characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        const valid = /^C[0-9A-F]{15}$/i.test(value)
        expect(decodeCtid(value) !== null).toBe(valid)
      }),
    )
  })
})
