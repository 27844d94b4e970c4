import fc from 'fast-check'
import { encodeCtid } from 'pullsign/links'
import { describe, expect, it } from 'vitest'
import { parseCtid } from '../../../src/ledger/codec/ctid'

describe('CTID as the server reads it (docs/protocol.md §9.2)', () => {
  it('parseCtid reads back what the SDK encodes, in either case, for every position in range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 28 - 1 }),
        fc.integer({ min: 0, max: 2 ** 16 - 1 }),
        fc.integer({ min: 0, max: 2 ** 16 - 1 }),
        (ledgerIndex, transactionIndex, networkId) => {
          const id = encodeCtid({ ledgerIndex, transactionIndex, networkId })
          const position = { ledgerIndex, transactionIndex, networkId }
          expect(parseCtid(id)).toEqual(position)
          expect(parseCtid(id.toLowerCase())).toEqual(position)
        },
      ),
    )
  })

  it('parseCtid answers null, never throws, for anything that is not C and 15 hex characters', () => {
    const strings = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom(
        'C000000100020003',
        'c00000010002000f',
        'Cﬀ0000010002000',
        'C00000010002000G',
      ),
    )
    fc.assert(
      fc.property(strings, (value) => {
        const valid = /^C[0-9A-F]{15}$/i.test(value)
        expect(parseCtid(value) !== null).toBe(valid)
      }),
    )
  })
})
