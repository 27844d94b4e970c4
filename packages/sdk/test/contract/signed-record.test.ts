import { isSignedRecord } from 'pullsign'
import { afterEach, beforeEach, expect, expectTypeOf, test } from 'vitest'
import { type Reference, startReference } from './reference'

let ref: Reference
beforeEach(async () => {
  ref = await startReference()
})
afterEach(() => ref.server.close())

test.each([
  ['signed', true],
  ['rejected', false],
  ['pending', false],
] as const)(
  'a %s record: isSignedRecord is %s, and a signed one has string txid, hex and account',
  async (state, signed) => {
    const created = await ref.pullsign.payload.create({ TransactionType: 'SignIn' })
    if (state === 'signed') await ref.wallet.sign(created.uuid, { user: ref.alice.uuid })
    if (state === 'rejected') await ref.wallet.reject(created.uuid, { user: ref.alice.uuid })
    const record = await ref.pullsign.payload.get(created)
    expect(isSignedRecord(record)).toBe(signed)
    if (isSignedRecord(record)) {
      expectTypeOf(record.response.txid).toEqualTypeOf<string>()
      expect(record.response.txid).toMatch(/^[0-9A-F]{64}$/)
      expect(record.response.hex).toMatch(/^[0-9A-F]+$/)
      expect(record.response.account).toMatch(/^r/)
    } else {
      expect(record.response.txid).toBeNull()
    }
  },
)
