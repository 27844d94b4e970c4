import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  parsePaymentRequest,
  parseSignLink,
  requestedPayment,
} from '../../../src/http/routes/link-input'

const ACCOUNT = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'

describe('link input (docs/protocol.md §9.2)', () => {
  it('any query string answers a value or problems, never a throw', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (account, query) => {
        const result = parsePaymentRequest(account, new URLSearchParams(query))
        if (!result.ok) expect(result.problems.length).toBeGreaterThan(0)
      }),
    )
  })

  it('a native amount with up to 6 decimals becomes exactly its drops', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 17n - 1n }),
        fc.option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: undefined }),
        (drops, dt) => {
          const units = `${drops / 1_000_000n}.${(drops % 1_000_000n).toString().padStart(6, '0')}`
          const query = new URLSearchParams({
            amount: units,
            ...(dt === undefined ? {} : { dt: String(dt) }),
          })
          const link = parsePaymentRequest(ACCOUNT, query)
          expect(link.ok).toBe(true)
          if (!link.ok) return
          expect(requestedPayment(link.value)).toEqual({
            TransactionType: 'Payment',
            Destination: ACCOUNT,
            Amount: String(drops),
            ...(dt === undefined ? {} : { DestinationTag: dt }),
          })
        },
      ),
    )
  })

  it('a sign link reads back the transaction it was made from', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (fields) => {
        const tx = { ...fields, TransactionType: 'AccountSet' }
        const hex = Buffer.from(JSON.stringify(tx), 'utf8').toString('hex')
        expect(parseSignLink(hex)).toEqual({ ok: true, value: JSON.parse(JSON.stringify(tx)) })
      }),
    )
  })
})
