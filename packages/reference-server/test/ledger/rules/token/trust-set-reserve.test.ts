import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { type TestKey, testKey } from '../../test-keys'

// TrustSet's reserve as rippled's SetTrust::doApply answers it (docs/protocol.md §8.7).
const UNIT = 1_000_000n
const FEE = 12n
const issuer = testKey(81)
const peer = testKey(82)
// The base reserve and a few fees: never the reserve of a third object.
const poor = testKey(83)

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [issuer, peer], drops: 100n * UNIT })
  f.ledger.fund(poor.address, UNIT + 10n * FEE, ['TESTNET'])
})
afterEach(() => f.dispose())

const trust = (key: TestKey, currency: string, value: string, by: TestKey = issuer) =>
  f.submit(key, {
    TransactionType: 'TrustSet',
    LimitAmount: { currency, issuer: by.address, value },
  }).engine_result
const root = (key: TestKey) => f.ledger.account('TESTNET', key.address)

describe('TrustSet reserve (rippled SetTrust.cpp)', () => {
  it.each([
    [
      'the first two lines are free: `reserveCreate` is 0 while OwnerCount < 2',
      () => [trust(poor, 'USD', '10'), trust(poor, 'EUR', '10')],
      ['tesSUCCESS', 'tesSUCCESS'],
      2,
    ],
    [
      'a third new line below the reserve: `mPriorBalance < reserveCreate` → tecNO_LINE_INSUF_RESERVE',
      () => [trust(poor, 'USD', '10'), trust(poor, 'EUR', '10'), trust(poor, 'GBP', '10')],
      ['tesSUCCESS', 'tesSUCCESS', 'tecNO_LINE_INSUF_RESERVE'],
      2,
    ],
    [
      'an existing line the account newly reserves: `bReserveIncrease && mPriorBalance < reserveCreate` → tecINSUF_RESERVE_LINE',
      () => {
        const opened = [trust(poor, 'USD', '10'), trust(poor, 'EUR', '10')]
        // The peer trusts poor's GBP: the line exists, only the peer's side reserves it.
        expect(trust(peer, 'GBP', '10', poor)).toBe('tesSUCCESS')
        return [...opened, trust(poor, 'GBP', '10', peer)]
      },
      ['tesSUCCESS', 'tesSUCCESS', 'tecINSUF_RESERVE_LINE'],
      2,
    ],
    [
      'a zero limit for a line that does not exist: "Setting non-existent ripple line to defaults" → tecNO_LINE_REDUNDANT',
      () => [trust(poor, 'USD', '0')],
      ['tecNO_LINE_REDUNDANT'],
      0,
    ],
  ])('%s', (_name, run, results, ownerCount) => {
    const before = root(poor)
    const answered = run()
    expect(answered).toEqual(results)
    // Every one of poor's charged its fee and used its Sequence, the tec ones too.
    const own = results.length
    expect(root(poor)).toMatchObject({
      balance: String(BigInt(before?.balance ?? '0') - FEE * BigInt(own)),
      sequence: (before?.sequence ?? 0) + own,
      ownerCount,
    })
  })
})
