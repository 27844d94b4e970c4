import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getNFTokenID, parseNFTokenID } from 'xrpl'
import { accountNfts, nftBuyOffers, nftSellOffers } from '../../../src/ledger/reads/nft-reads'
import { type NftFixture, nftFixture } from '../rules/nft/nft-fixture'
import { testKey } from '../test-keys'

const alice = testKey(71)
const bob = testKey(72)

let f: NftFixture
beforeEach(() => {
  f = nftFixture({ keys: [alice, bob], drops: 1_000_000_000n })
})
afterEach(() => f.dispose())

const resultOf = <T extends object>(page: T | string): T => {
  if (typeof page === 'string') throw new Error(page)
  return page
}

describe('account_nfts, nft_sell_offers, nft_buy_offers (rippled AccountObjects.cpp, NFTOffers.cpp)', () => {
  it('account_nfts lists every token with the parts of its id, paged with marker and limit across pages', () => {
    const minted: string[] = []
    for (let i = 0; i < 45; i += 1) {
      const { meta } = f.run(alice, {
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: i % 4,
        Flags: 8,
        TransferFee: 25,
      })
      // A mint that split a page still names its token, as xrpl.js reads it from the pages.
      expect(getNFTokenID(meta as never)).toBe(meta.nftoken_id)
      minted.push(String(meta.nftoken_id))
    }
    const first = resultOf(accountNfts(f.view(), alice.address, { limit: 20 }))
    expect(first.account_nfts).toHaveLength(20)
    expect(first.limit).toBe(20)
    const [entry] = first.account_nfts
    const parsed = parseNFTokenID(String(entry?.NFTokenID))
    expect(entry).toMatchObject({
      Flags: parsed.Flags,
      Issuer: parsed.Issuer,
      NFTokenTaxon: parsed.Taxon,
      nft_serial: parsed.Sequence,
      TransferFee: 25,
    })
    const seen = [...first.account_nfts]
    let marker = first.marker
    while (marker !== undefined) {
      const page = resultOf(accountNfts(f.view(), alice.address, { limit: 20, marker }))
      seen.push(...page.account_nfts)
      marker = page.marker
      if (marker === undefined) expect(page.account).toBe(alice.address)
    }
    expect(seen.map((n) => n.NFTokenID).sort()).toEqual([...minted].sort())
    expect(seen.map((n) => n.NFTokenID)).toEqual(f.tokens(alice.address))
    expect(accountNfts(f.view(), alice.address, { marker: 'AB'.repeat(32) })).toBe('badMarker')
    expect(accountNfts(f.view(), alice.address, { marker: 'not an id' })).toBe('badMarker')
    // Without a limit, one page of every token.
    expect(resultOf(accountNfts(f.view(), alice.address)).account_nfts).toHaveLength(45)
  })

  it('nft_sell_offers and nft_buy_offers list offers as rippled does and page from the marker', () => {
    const id = f.mint(alice, { Flags: 8 })
    expect(nftSellOffers(f.view(), id)).toBe('noOffers')
    const sell = f.offer(alice, {
      NFTokenID: id,
      Amount: '1000',
      Flags: 1,
      Destination: bob.address,
    })
    expect(resultOf(nftSellOffers(f.view(), id))).toEqual({
      nft_id: id,
      offers: [
        {
          nft_offer_index: sell,
          flags: 1,
          owner: alice.address,
          destination: bob.address,
          amount: '1000',
        },
      ],
    })
    const buys = Array.from({ length: 60 }, (_, i) =>
      f.offer(bob, { NFTokenID: id, Amount: String(1000 + i), Owner: alice.address }),
    )
    const first = resultOf(nftBuyOffers(f.view(), id, { limit: 50 }))
    expect(first.offers).toHaveLength(50)
    expect(first.limit).toBe(50)
    const rest = resultOf(nftBuyOffers(f.view(), id, { limit: 50, marker: first.marker }))
    expect(rest.marker).toBeUndefined()
    const listed = [...first.offers, ...rest.offers].map((o) => o.nft_offer_index)
    expect(listed.sort()).toEqual([...buys].sort())
    expect(nftBuyOffers(f.view(), id, { marker: sell })).toBe('badMarker')
  })
})
