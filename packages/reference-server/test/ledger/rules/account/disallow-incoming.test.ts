import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountSetAsfFlags, parseAccountRootFlags } from 'xrpl'
import { rippleStateIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

// DisallowIncoming (xrpl.org "AccountSet Flags", "DisallowIncoming"; rippled SetAccount.cpp,
// CreateCheck.cpp, PayChan.cpp, NFTokenUtils.cpp tokenOfferCreatePreclaim, SetTrust.cpp).
const alice = testKey(61)
const bob = testKey(62)
const KEY = `ED${'22'.repeat(32)}`

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([alice, bob])
})
afterEach(() => f.dispose())

const run = (key = alice, fields: Record<string, unknown> = {}) =>
  f.submit(key, fields).engine_result
const flagsOf = (address: string) =>
  parseAccountRootFlags(f.ledger.account('TESTNET', address)?.flags ?? 0)
const disallow = (flag: number) => run(bob, { TransactionType: 'AccountSet', SetFlag: flag })

// What alice sends bob that bob's flag refuses.
const incoming = {
  check: () =>
    run(alice, { TransactionType: 'CheckCreate', Destination: bob.address, SendMax: '1000000' }),
  channel: () =>
    run(alice, {
      TransactionType: 'PaymentChannelCreate',
      Destination: bob.address,
      Amount: '1000000',
      SettleDelay: 60,
      PublicKey: KEY,
    }),
  line: () =>
    run(alice, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'USD', issuer: bob.address, value: '100' },
    }),
  nftOffer: () => {
    const minted = f.submit(alice, { TransactionType: 'NFTokenMint', NFTokenTaxon: 0, Flags: 8 })
    const id = String(f.meta(minted.txid).nftoken_id)
    return run(alice, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: id,
      Amount: '1',
      Flags: 1,
      Destination: bob.address,
    })
  },
}

describe('asfDisallowIncoming* set and clear their AccountRoot flags (SetAccount::doApply)', () => {
  it.each([
    ['asfDisallowIncomingNFTokenOffer', 'lsfDisallowIncomingNFTokenOffer'],
    ['asfDisallowIncomingCheck', 'lsfDisallowIncomingCheck'],
    ['asfDisallowIncomingPayChan', 'lsfDisallowIncomingPayChan'],
    ['asfDisallowIncomingTrustline', 'lsfDisallowIncomingTrustline'],
  ] as const)('%s ↔ %s (xrpl.js parseAccountRootFlags reads it)', (asf, lsf) => {
    expect(disallow(AccountSetAsfFlags[asf])).toBe('tesSUCCESS')
    expect(flagsOf(bob.address)[lsf]).toBe(true)
    expect(run(bob, { TransactionType: 'AccountSet', ClearFlag: AccountSetAsfFlags[asf] })).toBe(
      'tesSUCCESS',
    )
    expect(flagsOf(bob.address)[lsf]).toBeUndefined()
  })
})

describe('what each flag refuses: tecNO_PERMISSION, fee charged, nothing made', () => {
  it.each([
    [
      'CheckCreate (CreateCheck::preclaim)',
      AccountSetAsfFlags.asfDisallowIncomingCheck,
      incoming.check,
    ],
    [
      'PaymentChannelCreate (PayChanCreate::preclaim)',
      AccountSetAsfFlags.asfDisallowIncomingPayChan,
      incoming.channel,
    ],
    [
      'TrustSet for a new line (SetTrust::preclaim)',
      AccountSetAsfFlags.asfDisallowIncomingTrustline,
      incoming.line,
    ],
    [
      'NFTokenCreateOffer with Destination (tokenOfferCreatePreclaim)',
      AccountSetAsfFlags.asfDisallowIncomingNFTokenOffer,
      incoming.nftOffer,
    ],
  ])('%s', (_, flag, send) => {
    expect(disallow(flag)).toBe('tesSUCCESS')
    const owned = f.ownerCount(alice)
    expect(send()).toBe('tecNO_PERMISSION')
    // The NFT case minted one page first; the refused offer adds nothing.
    expect(f.ownerCount(alice)).toBe(owned + (send === incoming.nftOffer ? 1 : 0))
    expect(f.ownerCount(bob)).toBe(0)
  })

  it.each([
    ['CheckCreate', AccountSetAsfFlags.asfDisallowIncomingCheck, incoming.check],
    ['PaymentChannelCreate', AccountSetAsfFlags.asfDisallowIncomingPayChan, incoming.channel],
    ['TrustSet', AccountSetAsfFlags.asfDisallowIncomingTrustline, incoming.line],
    ['NFTokenCreateOffer', AccountSetAsfFlags.asfDisallowIncomingNFTokenOffer, incoming.nftOffer],
  ])('%s passes again once the flag is cleared', (_, flag, send) => {
    disallow(flag)
    run(bob, { TransactionType: 'AccountSet', ClearFlag: flag })
    expect(send()).toBe('tesSUCCESS')
  })

  it('another flag refuses nothing of this kind', () => {
    disallow(AccountSetAsfFlags.asfDisallowIncomingCheck)
    expect(incoming.channel()).toBe('tesSUCCESS')
    expect(incoming.line()).toBe('tesSUCCESS')
  })

  it('a buy offer to an owner who refuses NFT offers → tecNO_PERMISSION (the Owner side)', () => {
    const minted = f.submit(bob, { TransactionType: 'NFTokenMint', NFTokenTaxon: 0, Flags: 8 })
    const id = String(f.meta(minted.txid).nftoken_id)
    disallow(AccountSetAsfFlags.asfDisallowIncomingNFTokenOffer)
    const buy = {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: id,
      Amount: '5',
      Owner: bob.address,
    }
    expect(run(alice, buy)).toBe('tecNO_PERMISSION')
    run(bob, {
      TransactionType: 'AccountSet',
      ClearFlag: AccountSetAsfFlags.asfDisallowIncomingNFTokenOffer,
    })
    expect(run(alice, buy)).toBe('tesSUCCESS')
  })
})

describe('TrustSet and an existing line (fixDisallowIncomingV1)', () => {
  it('a line made before the flag still changes: its limit, then back to zero', () => {
    expect(incoming.line()).toBe('tesSUCCESS')
    disallow(AccountSetAsfFlags.asfDisallowIncomingTrustline)
    const limit = (value: string) =>
      run(alice, {
        TransactionType: 'TrustSet',
        LimitAmount: { currency: 'USD', issuer: bob.address, value },
      })
    expect(limit('250')).toBe('tesSUCCESS')
    const line = f.ledger.view('TESTNET').read(rippleStateIndex(alice.address, bob.address, 'USD'))
    expect(line).toMatchObject({ LedgerEntryType: 'RippleState' })
    // Another currency is a new line: refused.
    expect(
      run(alice, {
        TransactionType: 'TrustSet',
        LimitAmount: { currency: 'EUR', issuer: bob.address, value: '1' },
      }),
    ).toBe('tecNO_PERMISSION')
  })

  it('a line to an account that does not exist → tecNO_DST in preclaim', () => {
    const nobody = testKey(69).address
    expect(
      run(alice, {
        TransactionType: 'TrustSet',
        LimitAmount: { currency: 'USD', issuer: nobody, value: '1' },
      }),
    ).toBe('tecNO_DST')
  })
})
