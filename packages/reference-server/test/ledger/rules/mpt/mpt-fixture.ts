import { mptIssuanceId, mptIssuanceIndex, mptokenIndex } from '../../../../src/ledger/state/keylets'
import type { TestKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

/** An object fixture with the steps of an MPT's life: issue, opt in, authorize, pay, read. */
export interface MptFixture extends ObjectFixture {
  /** MPTokenIssuanceCreate by `issuer`: the submit result and the new issuance's id. */
  create(
    issuer: TestKey,
    fields?: Record<string, unknown>,
  ): { txid: string; engine_result: string; mptId: string }
  /** MPTokenAuthorize by `key` (a holder opting in, or the issuer naming `Holder`). */
  authorize(
    key: TestKey,
    mptId: string,
    fields?: Record<string, unknown>,
  ): { txid: string; engine_result: string }
  /** A Payment of `value` units of `mptId`. */
  pay(
    from: TestKey,
    to: TestKey,
    mptId: string,
    value: string,
    fields?: Record<string, unknown>,
  ): { txid: string; engine_result: string }
  /** The MPTokenIssuance as the ledger holds it, or undefined. */
  issuance(mptId: string): Record<string, unknown> | undefined
  /** A holder's MPToken, or undefined. */
  token(mptId: string, holder: TestKey): Record<string, unknown> | undefined
  /** What a holder holds (0 without an MPToken). */
  held(mptId: string, holder: TestKey): bigint
}

export const mpt = (mptId: string, value: string) => ({ mpt_issuance_id: mptId, value })

/** A ledger on a manual clock with `keys` funded with `units` native units each on TESTNET. */
export function mptFixture(keys: TestKey[], units = 1000n): MptFixture {
  const f = objectFixture(keys, units)
  const entry = (index: string) =>
    (f.ledger.entry('TESTNET', index) ?? undefined) as Record<string, unknown> | undefined
  const token = (mptId: string, holder: TestKey) => entry(mptokenIndex(mptId, holder.address))
  return {
    ...f,
    create(issuer, fields = {}) {
      const mptId = mptIssuanceId(f.sequence(issuer), issuer.address)
      const result = f.submit(issuer, { TransactionType: 'MPTokenIssuanceCreate', ...fields })
      return { ...result, mptId }
    },
    authorize: (key, mptId, fields = {}) =>
      f.submit(key, { TransactionType: 'MPTokenAuthorize', MPTokenIssuanceID: mptId, ...fields }),
    pay: (from, to, mptId, value, fields = {}) =>
      f.submit(from, {
        TransactionType: 'Payment',
        Destination: to.address,
        Amount: mpt(mptId, value),
        ...fields,
      }),
    issuance: (mptId) => entry(mptIssuanceIndex(mptId)),
    token,
    held: (mptId, holder) => BigInt(String(token(mptId, holder)?.MPTAmount ?? 0)),
  }
}
