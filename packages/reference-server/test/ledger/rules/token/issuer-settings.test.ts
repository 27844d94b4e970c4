import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getBalanceChanges } from 'xrpl'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { type TestKey, testKey } from '../../test-keys'

// An issuer's settings meeting issued payments (docs/protocol.md §8.7): RequireAuth with
// authorized lines, freezes, and the transfer rate.
const issuer = testKey(21)
const holder = testKey(22, 'ecdsa-secp256k1')
const other = testKey(23)

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [issuer, holder, other], drops: 100_000_000n })
})
afterEach(() => f.dispose())

const usd = (value: string, by = issuer) => ({ currency: 'USD', issuer: by.address, value })
const run = (key: TestKey, fields: Record<string, unknown>) => f.submit(key, fields).engine_result
const trust = (key: TestKey, value: string, Flags = 0) =>
  run(key, { TransactionType: 'TrustSet', LimitAmount: usd(value), Flags })
// The issuer's own TrustSet towards a holder's line (its side: limit 0 of the holder's asset).
const issuerSide = (to: TestKey, Flags: number) =>
  run(issuer, { TransactionType: 'TrustSet', LimitAmount: usd('0', to), Flags })
const pay = (from: TestKey, to: TestKey, value: string, fields: Record<string, unknown> = {}) =>
  run(from, { TransactionType: 'Payment', Destination: to.address, Amount: usd(value), ...fields })
const accountSet = (fields: Record<string, unknown>) =>
  run(issuer, { TransactionType: 'AccountSet', ...fields })

describe('RequireAuth and authorized trust lines (rippled SetAccount.cpp, SetTrust.cpp, DirectStep.cpp)', () => {
  it('pays a holder only once the issuer authorized its line', () => {
    expect(accountSet({ SetFlag: 2 })).toBe('tesSUCCESS')
    expect(trust(holder, '100')).toBe('tesSUCCESS')
    expect(pay(issuer, holder, '10')).toBe('tecPATH_DRY')
    expect(issuerSide(holder, 0x00010000)).toBe('tesSUCCESS')
    expect(pay(issuer, holder, '10')).toBe('tesSUCCESS')
  })

  it('authorizes only with RequireAuth set (tefNO_AUTH_REQUIRED), and sets RequireAuth only while owning nothing (tecOWNERS)', () => {
    expect(trust(holder, '100')).toBe('tesSUCCESS')
    expect(issuerSide(holder, 0x00010000)).toBe('tefNO_AUTH_REQUIRED')
    expect(accountSet({ SetFlag: 2 })).toBe('tecOWNERS')
  })
})

describe('freezes (xrpl.org "Freezes", rippled StepChecks.h checkFreeze)', () => {
  beforeEach(() => {
    expect(accountSet({ SetFlag: 8 })).toBe('tesSUCCESS')
    expect(trust(holder, '100')).toBe('tesSUCCESS')
    expect(trust(other, '100')).toBe('tesSUCCESS')
    expect(pay(issuer, holder, '50')).toBe('tesSUCCESS')
  })

  it('an individual freeze stops the holder paying others, not paying the issuer nor receiving', () => {
    expect(issuerSide(holder, 0x00100000)).toBe('tesSUCCESS')
    expect(pay(holder, other, '1')).toBe('tecPATH_DRY')
    expect(pay(holder, issuer, '1')).toBe('tesSUCCESS')
    expect(pay(issuer, holder, '1')).toBe('tesSUCCESS')
    expect(issuerSide(holder, 0x00200000)).toBe('tesSUCCESS')
    expect(pay(holder, other, '1')).toBe('tesSUCCESS')
  })

  it('a global freeze stops holder-to-holder payments until cleared; NoFreeze keeps it on for good', () => {
    expect(accountSet({ SetFlag: 7 })).toBe('tesSUCCESS')
    expect(pay(holder, other, '1')).toBe('tecPATH_DRY')
    expect(pay(issuer, other, '1')).toBe('tesSUCCESS')
    expect(accountSet({ SetFlag: 6 })).toBe('tesSUCCESS')
    expect(accountSet({ ClearFlag: 7 })).toBe('tesSUCCESS')
    expect(pay(holder, other, '1')).toBe('tecPATH_DRY')
  })

  it('a freeze after NoFreeze does nothing without DeepFreeze (SetTrust computeFreezeFlags)', () => {
    f.ledger.setAmendments('TESTNET', { disable: ['DeepFreeze'] })
    expect(accountSet({ SetFlag: 6 })).toBe('tesSUCCESS')
    expect(issuerSide(holder, 0x00100000)).toBe('tesSUCCESS')
    expect(pay(holder, other, '1')).toBe('tesSUCCESS')
  })

  it('a freeze after NoFreeze is refused with DeepFreeze (tecNO_PERMISSION, SetTrust.cpp preclaim)', () => {
    expect(accountSet({ SetFlag: 6 })).toBe('tesSUCCESS')
    expect(issuerSide(holder, 0x00100000)).toBe('tecNO_PERMISSION')
    expect(pay(holder, other, '1')).toBe('tesSUCCESS')
  })

  it('refuses a deep freeze while DeepFreeze is not enabled (temINVALID_FLAG, rippled SetTrust.cpp)', () => {
    f.ledger.setAmendments('TESTNET', { disable: ['DeepFreeze'] })
    expect(issuerSide(holder, 0x00400000)).toBe('temINVALID_FLAG')
  })
})

describe('transfer rate (xrpl.org "Transfer Fees", rippled SetAccount.cpp)', () => {
  beforeEach(() => {
    expect(accountSet({ SetFlag: 8, TransferRate: 1_005_000_000 })).toBe('tesSUCCESS')
    expect(trust(holder, '1000')).toBe('tesSUCCESS')
    expect(trust(other, '1000')).toBe('tesSUCCESS')
    expect(pay(issuer, holder, '500')).toBe('tesSUCCESS')
  })

  it('charges the sender Amount × rate between holders; the receiver gets Amount', () => {
    // Without SendMax the sender spends at most Amount: the fee does not fit.
    expect(pay(holder, other, '100')).toBe('tecPATH_PARTIAL')
    const { txid, engine_result } = f.submit(holder, {
      TransactionType: 'Payment',
      Destination: other.address,
      Amount: usd('100'),
      SendMax: usd('100.5'),
    })
    expect(engine_result).toBe('tesSUCCESS')
    const changes = getBalanceChanges(f.ledger.transaction(txid)?.transaction.meta as never)
    const usdOf = (address: string) =>
      changes.find((c) => c.account === address)?.balances.find((b) => b.currency === 'USD')?.value
    expect(usdOf(holder.address)).toBe('-100.5')
    expect(usdOf(other.address)).toBe('100')
  })

  it('charges nothing when the issuer pays or is paid', () => {
    expect(pay(issuer, other, '10')).toBe('tesSUCCESS')
    expect(pay(holder, issuer, '10')).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', holder.address)?.lines[0]?.balance).toBe('490')
  })
})
