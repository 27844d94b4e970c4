import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getBalanceChanges } from 'xrpl'
import { readAccount } from '../../../../src/ledger/state/account-root'
import {
  nftokenBuyOffersIndex,
  nftokenOfferIndex,
  nftokenSellOffersIndex,
} from '../../../../src/ledger/state/keylets'
import { type TestKey, testKey } from '../../test-keys'
import { type NftFixture, nftFixture } from './nft-fixture'

const UNIT = 1_000_000n
const FEE = 12n
const issuer = testKey(51)
const seller = testKey(52)
const buyer = testKey(53)
const broker = testKey(54)
const TRANSFERABLE = 0x0008
const BURNABLE = 0x0001

let f: NftFixture
beforeEach(() => {
  f = nftFixture({ keys: [issuer, seller, buyer, broker], drops: 100n * UNIT })
})
afterEach(() => f.dispose())

// A token minted by `issuer` with a 10 % transfer fee and sold to `seller` for nothing.
function tokenHeldBySeller(flags = TRANSFERABLE): string {
  const id = f.mint(issuer, { Flags: flags, TransferFee: 10_000 })
  const offer = f.offer(issuer, {
    NFTokenID: id,
    Amount: '0',
    Flags: 1,
    Destination: seller.address,
  })
  expect(
    f.run(seller, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offer }).result,
  ).toBe('tesSUCCESS')
  return id
}

describe('NFTokenCreateOffer and NFTokenAcceptOffer (rippled NFTokenCreateOffer.cpp, NFTokenAcceptOffer.cpp)', () => {
  it("a sell offer's index is keylet::nftoffer(owner, Sequence), in the owner's and the token's sell directory", () => {
    const id = f.mint(seller, { Flags: TRANSFERABLE })
    const sequence = f.ledger.account('TESTNET', seller.address)?.sequence ?? 0
    const offerId = f.offer(seller, { NFTokenID: id, Amount: '5000000', Flags: 1 })
    expect(offerId).toBe(nftokenOfferIndex(seller.address, sequence))
    expect(f.view().read(offerId)).toMatchObject({
      LedgerEntryType: 'NFTokenOffer',
      Owner: seller.address,
      NFTokenID: id,
      Amount: '5000000',
      Flags: 1,
      OwnerNode: '0',
      NFTokenOfferNode: '0',
    })
    expect(f.view().read(nftokenSellOffersIndex(id))).toMatchObject({ Flags: 2, NFTokenID: id })
    expect(f.owned(seller.address)).toEqual({ pages: 1, offers: 1, other: 0 })
    expect(f.ownerCount(seller.address)).toBe(2)
  })

  it('a direct sale pays the seller, the issuer its TransferFee share, and moves the token (xrpl.js getBalanceChanges agrees)', () => {
    const id = tokenHeldBySeller()
    const offerId = f.offer(seller, { NFTokenID: id, Amount: '10000000', Flags: 1 })
    const before = [issuer, seller, buyer].map((k) => f.balance(k.address))
    const { result, meta } = f.run(buyer, {
      TransactionType: 'NFTokenAcceptOffer',
      NFTokenSellOffer: offerId,
    })
    expect(result).toBe('tesSUCCESS')
    expect(meta.nftoken_id).toBe(id)
    const after = [issuer, seller, buyer].map((k) => f.balance(k.address))
    expect(after.map((value, i) => value - (before[i] as bigint))).toEqual([
      1_000_000n,
      9_000_000n,
      -10_000_000n - FEE,
    ])
    expect(f.tokens(buyer.address)).toEqual([id])
    expect(f.tokens(seller.address)).toEqual([])
    expect(f.view().read(offerId)).toBeUndefined()
    const changes = getBalanceChanges(meta as never)
    const xrpOf = (address: string) =>
      changes.find((c) => c.account === address)?.balances.find((b) => b.currency === 'XRP')?.value
    expect(xrpOf(issuer.address)).toBe('1')
    expect(xrpOf(seller.address)).toBe('9')
    expect(xrpOf(buyer.address)).toBe('-10.000012')
    // The seller's page went with its last token; the buyer's page is new.
    expect(f.ownerCount(seller.address)).toBe(0)
    expect(f.ownerCount(buyer.address)).toBe(1)
  })

  it('a buy offer accepted by the owner sells it; the issuer takes no fee from a sale it is part of', () => {
    const id = f.mint(issuer, { Flags: TRANSFERABLE, TransferFee: 50_000 })
    const offerId = f.offer(buyer, { NFTokenID: id, Amount: '4000000', Owner: issuer.address })
    const before = f.balance(issuer.address)
    expect(
      f.run(issuer, { TransactionType: 'NFTokenAcceptOffer', NFTokenBuyOffer: offerId }).result,
    ).toBe('tesSUCCESS')
    expect(f.balance(issuer.address) - before).toBe(4_000_000n - FEE)
    expect(f.tokens(buyer.address)).toEqual([id])
  })

  it('brokered: the broker keeps NFTokenBrokerFee, the issuer its share of the rest, the seller the remainder', () => {
    const id = tokenHeldBySeller()
    const sell = f.offer(seller, { NFTokenID: id, Amount: '5000000', Flags: 1 })
    const buy = f.offer(buyer, { NFTokenID: id, Amount: '8000000', Owner: seller.address })
    const before = [issuer, seller, buyer, broker].map((k) => f.balance(k.address))
    const { result, meta } = f.run(broker, {
      TransactionType: 'NFTokenAcceptOffer',
      NFTokenSellOffer: sell,
      NFTokenBuyOffer: buy,
      NFTokenBrokerFee: '1000000',
    })
    expect(result).toBe('tesSUCCESS')
    expect(meta.nftoken_id).toBe(id)
    const after = [issuer, seller, buyer, broker].map((k) => f.balance(k.address))
    // 8 XRP paid: 1 to the broker; 10 % of the 7 left to the issuer; 6.3 to the seller.
    expect(after.map((value, i) => value - (before[i] as bigint))).toEqual([
      700_000n,
      6_300_000n,
      -8_000_000n,
      1_000_000n - FEE,
    ])
    expect(f.tokens(buyer.address)).toEqual([id])
    expect(f.owned(buyer.address)).toEqual({ pages: 1, offers: 0, other: 0 })
  })

  it('pays in an issued asset through the issuer of that asset, its fee share to the token issuer on its line', () => {
    const gateway = testKey(55)
    f.ledger.fund(gateway.address, 100n * UNIT, ['TESTNET'])
    const usd = { currency: 'USD', issuer: gateway.address }
    for (const key of [issuer, seller, buyer]) {
      expect(
        f.run(key, { TransactionType: 'TrustSet', LimitAmount: { ...usd, value: '1000' } }).result,
      ).toBe('tesSUCCESS')
    }
    f.run(gateway, {
      TransactionType: 'Payment',
      Destination: buyer.address,
      Amount: { ...usd, value: '100' },
    })
    const id = tokenHeldBySeller()
    const sell = f.offer(seller, { NFTokenID: id, Amount: { ...usd, value: '20' }, Flags: 1 })
    const { result, meta } = f.run(buyer, {
      TransactionType: 'NFTokenAcceptOffer',
      NFTokenSellOffer: sell,
    })
    expect(result).toBe('tesSUCCESS')
    const usdOf = (address: string) =>
      f.ledger.account('TESTNET', address)?.lines.find((line) => line.currency === 'USD')?.balance
    expect([usdOf(issuer.address), usdOf(seller.address), usdOf(buyer.address)]).toEqual([
      '2',
      '18',
      '80',
    ])
    const changes = getBalanceChanges(meta as never)
    const usdChange = (address: string) =>
      changes.find((c) => c.account === address)?.balances.find((b) => b.currency === 'USD')?.value
    expect(usdChange(seller.address)).toBe('18')
  })

  it('NFTokenCancelOffer removes offers of the owner or the Destination, and answers nftoken_ids', () => {
    const a = f.mint(seller, { Flags: TRANSFERABLE })
    const b = f.mint(seller, { Flags: TRANSFERABLE })
    const offers = [
      f.offer(seller, { NFTokenID: a, Amount: '1', Flags: 1 }),
      f.offer(seller, { NFTokenID: b, Amount: '1', Flags: 1, Destination: buyer.address }),
    ]
    expect(
      f.run(buyer, { TransactionType: 'NFTokenCancelOffer', NFTokenOffers: offers }).result,
    ).toBe('tecNO_PERMISSION')
    const byDestination = f.run(buyer, {
      TransactionType: 'NFTokenCancelOffer',
      NFTokenOffers: [offers[1]],
    })
    expect(byDestination.result).toBe('tesSUCCESS')
    expect(byDestination.meta.nftoken_ids).toEqual([b])
    const { meta } = f.run(seller, { TransactionType: 'NFTokenCancelOffer', NFTokenOffers: offers })
    expect(meta.nftoken_ids).toEqual([a])
    expect(f.owned(seller.address)).toEqual({ pages: 1, offers: 0, other: 0 })
    expect(f.ownerCount(seller.address)).toBe(1)
  })

  it('an expired offer is tecEXPIRED to accept and anyone may cancel it', () => {
    const id = f.mint(seller, { Flags: TRANSFERABLE })
    const now = f.view().info.parentCloseTime
    const offerId = f.offer(seller, { NFTokenID: id, Amount: '1', Flags: 1, Expiration: now + 10 })
    f.clock.advance(20_000)
    f.ledger.close('TESTNET')
    expect(
      f.run(buyer, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offerId }).result,
    ).toBe('tecEXPIRED')
    expect(
      f.run(broker, { TransactionType: 'NFTokenCancelOffer', NFTokenOffers: [offerId] }).result,
    ).toBe('tesSUCCESS')
    expect(f.ownerCount(seller.address)).toBe(1)
  })

  it('NFTokenBurn by the issuer of a burnable token removes its offers and counts BurnedNFTokens', () => {
    const id = tokenHeldBySeller(TRANSFERABLE | BURNABLE)
    f.offer(seller, { NFTokenID: id, Amount: '1', Flags: 1 })
    f.offer(buyer, { NFTokenID: id, Amount: '1', Owner: seller.address })
    const { result } = f.run(issuer, {
      TransactionType: 'NFTokenBurn',
      NFTokenID: id,
      Owner: seller.address,
    })
    expect(result).toBe('tesSUCCESS')
    expect(f.tokens(seller.address)).toEqual([])
    expect(readAccount(f.view(), issuer.address)?.BurnedNFTokens).toBe(1)
    expect([f.ownerCount(seller.address), f.ownerCount(buyer.address)]).toEqual([0, 0])
  })

  it("AccountDelete removes the account's NFT offers with it, and refuses while it holds a page (DeleteAccount.cpp)", () => {
    const id = f.mint(seller, { Flags: TRANSFERABLE })
    const offer = f.offer(buyer, { NFTokenID: id, Amount: '1000', Owner: seller.address })
    for (let i = 0; i < 256; i += 1) f.ledger.close('TESTNET')
    const remove = (key: typeof buyer) =>
      f.run(key, { TransactionType: 'AccountDelete', Destination: broker.address, Fee: '200000' })
        .result
    expect(remove(seller)).toBe('tecHAS_OBLIGATIONS')
    expect(remove(buyer)).toBe('tesSUCCESS')
    expect(f.view().read(offer)).toBeUndefined()
    expect(f.view().read(nftokenBuyOffersIndex(id))).toBeUndefined()
  })

  // Result codes, each with the rippled check it follows.
  it.each([
    // NFTokenBurn::preclaim: only the owner, or the issuer of a tfBurnable token.
    ['burn of a token the issuer made unburnable', 'burnNotBurnable', 'tecNO_PERMISSION'],
    // NFTokenBurn::preclaim: findToken.
    ['burn of a token the account does not hold', 'burnMissing', 'tecNO_ENTRY'],
    // tokenOfferCreatePreclaim: not tfTransferable, offered by someone else than the issuer.
    ['offer on a non-transferable token', 'notTransferable', 'tefNFTOKEN_IS_NOT_TRANSFERABLE'],
    // NFTokenCreateOffer::preclaim: findToken of Owner.
    ['buy offer naming an owner without the token', 'buyWrongOwner', 'tecNO_ENTRY'],
    // tokenOfferCreatePreflight: a buy offer must offer something.
    ['buy offer of 0', 'buyZero', 'temBAD_AMOUNT'],
    // tokenOfferCreatePreflight: Owner only on buy offers.
    ['sell offer with Owner', 'sellWithOwner', 'temMALFORMED'],
    // NFTokenAcceptOffer::preclaim: bo owner == account.
    ['accepting its own offer', 'acceptOwn', 'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER'],
    // NFTokenAcceptOffer::preclaim: a buy offer passed as the sell offer.
    ['a buy offer as NFTokenSellOffer', 'typeMismatch', 'tecNFTOKEN_OFFER_TYPE_MISMATCH'],
    // NFTokenAcceptOffer::preclaim: brokered, different tokens.
    ['brokering offers for two tokens', 'brokerMismatch', 'tecNFTOKEN_BUY_SELL_MISMATCH'],
    // NFTokenAcceptOffer::preclaim: so amount > bo amount.
    ['brokering a buy offer below the sell offer', 'brokerShort', 'tecINSUFFICIENT_PAYMENT'],
    // NFTokenAcceptOffer::preclaim: so amount > bo amount - broker fee.
    ['a broker fee the seller cannot afford', 'brokerFee', 'tecINSUFFICIENT_PAYMENT'],
    // NFTokenAcceptOffer::preclaim checkOffer: no such offer.
    ['an offer id not in the ledger', 'noOffer', 'tecOBJECT_NOT_FOUND'],
    // NFTokenAcceptOffer::preclaim: the sell offer's Destination is someone else.
    ['accepting an offer for another destination', 'destination', 'tecNO_PERMISSION'],
    // NFTokenAcceptOffer::preclaim: accountFunds < needed.
    ['buying without the funds', 'noFunds', 'tecINSUFFICIENT_FUNDS'],
    // NFTokenAcceptOffer::doPreflight: broker fee in direct mode.
    ['NFTokenBrokerFee with one offer', 'directBrokerFee', 'temMALFORMED'],
    // tokenOfferCreatePreclaim: a buy offer needs funds (accountFunds ≤ 0).
    ['a buy offer in an asset the buyer does not hold', 'unfunded', 'tecUNFUNDED_OFFER'],
    // tokenOfferCreatePreclaim: an issued amount for a fee-bearing token needs the issuer's line.
    ['an issued-asset offer the token issuer has no line for', 'noLine', 'tecNO_LINE'],
    // NFTokenCreateOffer::preclaim: hasExpired.
    ['an offer that expired already', 'expiredOffer', 'tecEXPIRED'],
    // tokenOfferCreateApply: priorBalance < accountReserve(ownerCount + 1).
    ['an offer the balance cannot reserve', 'poorOffer', 'tecINSUFFICIENT_RESERVE'],
    // NFTokenCancelOffer::preflight: duplicates.
    ['cancelling an offer twice in one list', 'cancelTwice', 'temMALFORMED'],
  ])('%s → %s', (_why, scenario, code) => {
    expect(SCENARIOS[scenario as keyof typeof SCENARIOS]()).toBe(code)
  })
})

// The result of `key`'s NFTokenAcceptOffer or NFTokenCreateOffer with `fields`.
const accept = (key: TestKey, fields: Record<string, unknown>) =>
  f.run(key, { TransactionType: 'NFTokenAcceptOffer', ...fields }).result
const createOffer = (key: TestKey, fields: Record<string, unknown>) =>
  f.run(key, { TransactionType: 'NFTokenCreateOffer', ...fields }).result
// A transferable token the seller minted.
const sellersToken = () => f.mint(seller, { Flags: TRANSFERABLE })

const SCENARIOS = {
  burnNotBurnable() {
    const id = tokenHeldBySeller()
    return f.run(issuer, { TransactionType: 'NFTokenBurn', NFTokenID: id, Owner: seller.address })
      .result
  },
  burnMissing() {
    const id = f.mint(seller)
    return f.run(buyer, { TransactionType: 'NFTokenBurn', NFTokenID: id }).result
  },
  notTransferable() {
    const id = f.mint(issuer)
    const offer = f.offer(issuer, { NFTokenID: id, Amount: '0', Flags: 1 })
    accept(seller, { NFTokenSellOffer: offer })
    return createOffer(seller, { NFTokenID: id, Amount: '1', Flags: 1 })
  },
  buyWrongOwner: () =>
    createOffer(buyer, { NFTokenID: sellersToken(), Amount: '1', Owner: broker.address }),
  buyZero: () =>
    createOffer(buyer, { NFTokenID: sellersToken(), Amount: '0', Owner: seller.address }),
  sellWithOwner: () =>
    createOffer(seller, { NFTokenID: sellersToken(), Amount: '1', Flags: 1, Owner: buyer.address }),
  acceptOwn() {
    const id = sellersToken()
    return accept(seller, {
      NFTokenSellOffer: f.offer(seller, { NFTokenID: id, Amount: '1', Flags: 1 }),
    })
  },
  typeMismatch() {
    const id = sellersToken()
    const buy = f.offer(buyer, { NFTokenID: id, Amount: '1', Owner: seller.address })
    return accept(seller, { NFTokenSellOffer: buy })
  },
  brokerMismatch() {
    const a = sellersToken()
    const b = sellersToken()
    const sell = f.offer(seller, { NFTokenID: a, Amount: '1', Flags: 1 })
    const buy = f.offer(buyer, { NFTokenID: b, Amount: '1', Owner: seller.address })
    return accept(broker, { NFTokenSellOffer: sell, NFTokenBuyOffer: buy })
  },
  brokerShort() {
    const id = sellersToken()
    const sell = f.offer(seller, { NFTokenID: id, Amount: '10', Flags: 1 })
    const buy = f.offer(buyer, { NFTokenID: id, Amount: '9', Owner: seller.address })
    return accept(broker, { NFTokenSellOffer: sell, NFTokenBuyOffer: buy })
  },
  brokerFee() {
    const id = sellersToken()
    const sell = f.offer(seller, { NFTokenID: id, Amount: '10', Flags: 1 })
    const buy = f.offer(buyer, { NFTokenID: id, Amount: '12', Owner: seller.address })
    return accept(broker, { NFTokenSellOffer: sell, NFTokenBuyOffer: buy, NFTokenBrokerFee: '3' })
  },
  noOffer: () => accept(buyer, { NFTokenSellOffer: 'AB'.repeat(32) }),
  destination() {
    const id = sellersToken()
    const sell = f.offer(seller, {
      NFTokenID: id,
      Amount: '1',
      Flags: 1,
      Destination: broker.address,
    })
    return accept(buyer, { NFTokenSellOffer: sell })
  },
  noFunds() {
    const id = sellersToken()
    const sell = f.offer(seller, { NFTokenID: id, Amount: String(200n * UNIT), Flags: 1 })
    return accept(buyer, { NFTokenSellOffer: sell })
  },
  directBrokerFee() {
    const id = sellersToken()
    const sell = f.offer(seller, { NFTokenID: id, Amount: '1', Flags: 1 })
    return accept(buyer, { NFTokenSellOffer: sell, NFTokenBrokerFee: '1' })
  },
  unfunded() {
    const amount = { currency: 'USD', issuer: broker.address, value: '10' }
    return createOffer(buyer, { NFTokenID: sellersToken(), Amount: amount, Owner: seller.address })
  },
  noLine() {
    const id = f.mint(issuer, { Flags: TRANSFERABLE, TransferFee: 1000 })
    const amount = { currency: 'USD', issuer: broker.address, value: '10' }
    return createOffer(issuer, { NFTokenID: id, Amount: amount, Flags: 1 })
  },
  expiredOffer() {
    const id = sellersToken()
    const past = f.view().info.parentCloseTime
    return createOffer(seller, { NFTokenID: id, Amount: '1', Flags: 1, Expiration: past })
  },
  poorOffer() {
    const poor = testKey(56)
    f.ledger.fund(poor.address, 1_200_000n, ['TESTNET'])
    const id = f.mint(poor, { Flags: TRANSFERABLE })
    return createOffer(poor, { NFTokenID: id, Amount: '1', Flags: 1 })
  },
  cancelTwice() {
    const id = sellersToken()
    const sell = f.offer(seller, { NFTokenID: id, Amount: '1', Flags: 1 })
    return f.run(seller, { TransactionType: 'NFTokenCancelOffer', NFTokenOffers: [sell, sell] })
      .result
  },
}
