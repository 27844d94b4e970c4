import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountIdOf } from '../../../../src/ledger/codec/account-ids'
import {
  accountRootIndex as accountRootIndexOf,
  rippleStateIndex as rippleStateIndexOf,
  uriTokenIndex,
} from '../../../../src/ledger/state/keylets'
import { sha512HalfHex, testKey } from '../../test-keys'
import { type XahauFixture, xahauFixture } from '../xahau/xahau-fixture'

// URITokens on XAHAU (xahaud src/ripple/app/tx/impl/URIToken.cpp, with fixXahauV1), against the
// ledger: each row a result code and what the owner and the buyer see.
const alice = testKey(61)
const bob = testKey(62)
const carol = testKey(63)
const XAH = 1_000_000n
const uri = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase()
const URI = uri('ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi')
const DIGEST = 'A'.repeat(64)

let f: XahauFixture
beforeEach(() => {
  f = xahauFixture([alice, bob, carol], 100n * XAH)
})
afterEach(() => f.dispose())

const mint = (fields: Record<string, unknown> = {}) =>
  f.submit(alice, { TransactionType: 'URITokenMint', URI, ...fields })
const tokenId = uriTokenIndex(alice.address, URI)

describe('URITokenMint [xahaud URIToken.cpp]', () => {
  it('makes the URIToken at keylet::uritoken: SHA-512Half of 0x0055, the issuer and the URI bytes [xahaud Indexes.cpp]', () => {
    expect(tokenId).toBe(sha512HalfHex(`0055${accountIdOf(alice.address)}${URI}`))
    const before = f.balance(alice.address)
    expect(mint({ Digest: DIGEST, Flags: 1 }).engine_result).toBe('tesSUCCESS')
    expect(f.entry(tokenId)).toMatchObject({
      LedgerEntryType: 'URIToken',
      Owner: alice.address,
      Issuer: alice.address,
      URI,
      Digest: DIGEST,
      Flags: 1,
    })
    expect(f.ownerCount(alice.address)).toBe(1)
    // lsfURITokenIssuer marks the minter (a deletion blocker).
    expect(Number(f.entry(accountRootIndexOf(alice.address))?.Flags) & 0x40000000).toBe(0x40000000)
    expect(before - f.balance(alice.address)).toBe(10n)
  })

  it('the same URI twice from one issuer is tecDUPLICATE, fee charged [xahaud URIToken.cpp]', () => {
    mint()
    expect(mint().engine_result).toBe('tecDUPLICATE')
    expect(f.submit(bob, { TransactionType: 'URITokenMint', URI }).engine_result).toBe('tesSUCCESS')
  })

  it.each([
    ['a flag beside tfBurnable', 'temINVALID_FLAG', { Flags: 2 }],
    ['an empty URI', 'temMALFORMED', { URI: '' }],
    ['257 bytes of URI', 'temMALFORMED', { URI: '61'.repeat(257) }],
    ['a URI that is not UTF-8', 'temMALFORMED', { URI: 'C328' }],
    ['a Destination without Amount', 'temMALFORMED', { Destination: bob.address }],
    ['a zero price to anyone', 'temMALFORMED', { Amount: '0' }],
    [
      'a negative price',
      'temBAD_AMOUNT',
      { Amount: { currency: 'USD', issuer: carol.address, value: '-1' } },
    ],
    ['itself as Destination', 'temREDUNDANT', { Amount: '1', Destination: alice.address }],
  ])('%s is %s, nothing applied [xahaud URIToken.cpp preflight]', (_, result, fields) => {
    const before = f.balance(alice.address)
    expect(mint(fields).engine_result).toBe(result)
    expect(f.balance(alice.address)).toBe(before)
  })

  it('without the reserve for one more object after the fee: tecINSUFFICIENT_RESERVE [xahaud URIToken.cpp]', () => {
    const poor = testKey(64)
    f.ledger.fund(poor.address, 1_100_000n, ['XAHAU'])
    const answer = f.submit(poor, { TransactionType: 'URITokenMint', URI })
    expect(answer.engine_result).toBe('tecINSUFFICIENT_RESERVE')
    expect(f.entry(uriTokenIndex(poor.address, URI))).toBeNull()
  })
})

describe('URITokenBuy, URITokenCreateSellOffer, URITokenCancelSellOffer [xahaud URIToken.cpp]', () => {
  it('a mint with a sell offer to bob: bob pays the price and owns it, the offer cleared [xahaud URIToken.cpp]', () => {
    mint({ Amount: String(5n * XAH), Destination: bob.address })
    expect(f.entry(tokenId)).toMatchObject({ Amount: String(5n * XAH), Destination: bob.address })
    const [a, b] = [f.balance(alice.address), f.balance(bob.address)]
    const bought = f.submit(bob, {
      TransactionType: 'URITokenBuy',
      URITokenID: tokenId,
      Amount: String(5n * XAH),
    })
    expect(bought.engine_result).toBe('tesSUCCESS')
    expect(f.balance(alice.address) - a).toBe(5n * XAH)
    expect(b - f.balance(bob.address)).toBe(5n * XAH + 10n)
    const token = f.entry(tokenId)
    expect(token).toMatchObject({ Owner: bob.address, Issuer: alice.address })
    expect(token).not.toHaveProperty('Amount')
    expect(token).not.toHaveProperty('Destination')
    expect([f.ownerCount(alice.address), f.ownerCount(bob.address)]).toEqual([0, 1])
  })

  it.each([
    ['its own token', 'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER', alice, { Amount: '1' }, true],
    [
      'a token sold to bob only, by carol',
      'tecNO_PERMISSION',
      carol,
      { Amount: String(XAH) },
      true,
    ],
    ['below the price', 'tecINSUFFICIENT_PAYMENT', bob, { Amount: String(XAH - 1n) }, true],
    ['more than bob has', 'tecINSUFFICIENT_FUNDS', bob, { Amount: String(200n * XAH) }, false],
    [
      'in another asset',
      'temBAD_CURRENCY',
      bob,
      { Amount: { currency: 'USD', issuer: carol.address, value: '1' } },
      true,
    ],
  ])('buying %s is %s [xahaud URIToken.cpp]', (_, result, buyer, fields, listed) => {
    mint(
      listed ? { Amount: String(XAH), Destination: bob.address } : { Amount: String(200n * XAH) },
    )
    const answer = f.submit(buyer, {
      TransactionType: 'URITokenBuy',
      URITokenID: tokenId,
      ...fields,
    })
    expect(answer.engine_result).toBe(result)
    expect(f.entry(tokenId)?.Owner).toBe(alice.address)
  })

  it('a token not for sale is tecNO_PERMISSION; an unknown id tecNO_ENTRY [xahaud URIToken.cpp]', () => {
    mint()
    const buy = (id: string) =>
      f.submit(bob, { TransactionType: 'URITokenBuy', URITokenID: id, Amount: '1' }).engine_result
    expect(buy(tokenId)).toBe('tecNO_PERMISSION')
    expect(buy('B'.repeat(64))).toBe('tecNO_ENTRY')
  })

  it('the owner lists and unlists; anyone else is tecNO_PERMISSION; a zero price needs a Destination [xahaud URIToken.cpp]', () => {
    mint()
    const sell = (key: typeof alice, fields: Record<string, unknown>) =>
      f.submit(key, { TransactionType: 'URITokenCreateSellOffer', URITokenID: tokenId, ...fields })
        .engine_result
    expect(sell(bob, { Amount: '1' })).toBe('tecNO_PERMISSION')
    expect(sell(alice, { Amount: '0' })).toBe('temMALFORMED')
    expect(sell(alice, { Amount: '0', Destination: bob.address })).toBe('tesSUCCESS')
    expect(f.entry(tokenId)).toMatchObject({ Amount: '0', Destination: bob.address })
    // A new offer replaces the old one, Destination and all.
    expect(sell(alice, { Amount: '7' })).toBe('tesSUCCESS')
    expect(f.entry(tokenId)).toMatchObject({ Amount: '7' })
    expect(f.entry(tokenId)).not.toHaveProperty('Destination')
    const cancel = (key: typeof alice) =>
      f.submit(key, { TransactionType: 'URITokenCancelSellOffer', URITokenID: tokenId })
        .engine_result
    expect(cancel(bob)).toBe('tecNO_PERMISSION')
    expect(cancel(alice)).toBe('tesSUCCESS')
    expect(f.entry(tokenId)).not.toHaveProperty('Amount')
  })

  it('an issued price: the seller receives it less the issuer transfer fee (senderPaysXferFees false) [xahaud URIToken.cpp, View.cpp]', () => {
    const usd = (value: string) => ({ currency: 'USD', issuer: carol.address, value })
    const rate = { TransactionType: 'AccountSet', TransferRate: 1_100_000_000, SetFlag: 8 }
    expect(f.submit(carol, rate).engine_result).toBe('tesSUCCESS')
    for (const key of [alice, bob]) {
      f.submit(key, { TransactionType: 'TrustSet', LimitAmount: usd('1000') })
    }
    f.submit(carol, { TransactionType: 'Payment', Destination: bob.address, Amount: usd('100') })
    mint({ Amount: usd('11') })
    const bought = f.submit(bob, {
      TransactionType: 'URITokenBuy',
      URITokenID: tokenId,
      Amount: usd('11'),
    })
    expect(bought.engine_result).toBe('tesSUCCESS')
    const held = (address: string) => {
      const index = rippleStateIndexOf(address, carol.address, 'USD')
      const state = f.entry(index) as unknown as {
        Balance: { value: string }
        LowLimit: { issuer: string }
      }
      const value = Number(state.Balance.value)
      return state.LowLimit.issuer === address ? value : -value
    }
    expect(held(bob.address)).toBe(89)
    expect(held(alice.address)).toBe(10)
  })
})

describe('URITokenBurn [xahaud URIToken.cpp]', () => {
  it('the issuer burns a burnable token bob owns; the owner count that drops is bob’s (fixXahauV1) [xahaud URIToken.cpp]', () => {
    mint({ Flags: 1, Amount: '1', Destination: bob.address })
    f.submit(bob, { TransactionType: 'URITokenBuy', URITokenID: tokenId, Amount: '1' })
    expect(f.ownerCount(bob.address)).toBe(1)
    const burn = (key: typeof alice) =>
      f.submit(key, { TransactionType: 'URITokenBurn', URITokenID: tokenId }).engine_result
    expect(burn(carol)).toBe('tecNO_PERMISSION')
    expect(burn(alice)).toBe('tesSUCCESS')
    expect(f.entry(tokenId)).toBeNull()
    expect([f.ownerCount(alice.address), f.ownerCount(bob.address)]).toEqual([0, 0])
    expect(burn(alice)).toBe('tecNO_ENTRY')
  })

  it('the issuer of a token minted without tfBurnable may not burn it: tecNO_PERMISSION [xahaud URIToken.cpp]', () => {
    mint({ Amount: '1', Destination: bob.address })
    f.submit(bob, { TransactionType: 'URITokenBuy', URITokenID: tokenId, Amount: '1' })
    expect(
      f.submit(alice, { TransactionType: 'URITokenBurn', URITokenID: tokenId }).engine_result,
    ).toBe('tecNO_PERMISSION')
    expect(
      f.submit(bob, { TransactionType: 'URITokenBurn', URITokenID: tokenId }).engine_result,
    ).toBe('tesSUCCESS')
  })
})
