import { afterEach, describe, expect, it } from 'vitest'
import {
  compareTokenIds,
  NFTOKENS_PER_PAGE,
  ownerTokenPages,
} from '../../../../src/ledger/rules/nft/nft-pages'
import { nftokenPageMaxIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type NftFixture, nftFixture } from './nft-fixture'

const keys = [testKey(61), testKey(62), testKey(63)]

// A small seeded generator (mulberry32): the same run on every machine.
function random(seed: number) {
  let state = seed >>> 0
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (((t ^ (t >>> 14)) >>> 0) % n) as number
  }
}

let f: NftFixture
afterEach(() => f.dispose())

// The invariants rippled's NFToken invariant checks and owner counts keep, over every account.
function checkInvariants(expectedTokens: Set<string>): number {
  const held: string[] = []
  let most = 0
  for (const { address } of keys) {
    const pages = [...ownerTokenPages(f.view(), address)]
    pages.forEach((page, i) => {
      expect(page.NFTokens.length).toBeGreaterThan(0)
      expect(page.NFTokens.length).toBeLessThanOrEqual(NFTOKENS_PER_PAGE)
      const ids = page.NFTokens.map((t) => t.NFToken.NFTokenID)
      expect(ids).toEqual([...ids].sort(compareTokenIds))
      for (const id of ids)
        expect(
          id.slice(40) < page.index.slice(40) || page.index === nftokenPageMaxIndex(address),
        ).toBe(true)
      expect(page.PreviousPageMin).toBe(pages[i - 1]?.index)
      expect(page.NextPageMin).toBe(pages[i + 1]?.index)
      held.push(...ids)
    })
    most = Math.max(most, pages.length)
    if (pages.length > 0) expect(pages.at(-1)?.index).toBe(nftokenPageMaxIndex(address))
    const owned = f.owned(address)
    expect(f.ownerCount(address)).toBe(owned.pages + owned.offers + owned.other)
  }
  expect(new Set(held).size).toBe(held.length)
  expect(new Set(held)).toEqual(expectedTokens)
  return most
}

describe('NFT pages and offers under random mints, sales, offers and burns', () => {
  it.each([1, 2, 3])(
    'seed %i: pages hold ≤ 32 sorted tokens, owner counts match pages + offers, tokens are conserved',
    (seed) => {
      f = nftFixture({ keys, drops: 10_000_000_000n })
      const next = random(seed)
      const live = new Set<string>()
      const offers: { id: string; owner: number }[] = []
      let mostPages = 0
      const holderOf = (token: string) => keys.findIndex((k) => f.tokens(k.address).includes(token))
      for (let step = 0; step < 220; step += 1) {
        const actor = next(keys.length)
        const key = keys[actor] as (typeof keys)[number]
        const tokens = [...live]
        const op = tokens.length < 60 ? 0 : next(5)
        if (op === 0) {
          live.add(f.mint(key, { Flags: 8 | 1, NFTokenTaxon: next(3) }))
        } else if (op === 1) {
          const token = tokens[next(tokens.length)] as string
          const owner = keys[holderOf(token)] as (typeof keys)[number]
          if (
            f.run(owner, { TransactionType: 'NFTokenBurn', NFTokenID: token }).result ===
            'tesSUCCESS'
          )
            live.delete(token)
        } else if (op === 2) {
          const token = tokens[next(tokens.length)] as string
          const owner = holderOf(token)
          if (owner === actor) continue
          const offer = f.offer(keys[owner] as (typeof keys)[number], {
            NFTokenID: token,
            Amount: '1',
            Flags: 1,
            Destination: key.address,
          })
          expect(
            f.run(key, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offer }).result,
          ).toBe('tesSUCCESS')
        } else if (op === 3) {
          const token = tokens[next(tokens.length)] as string
          const owner = holderOf(token)
          if (owner === actor) continue
          offers.push({
            id: f.offer(key, {
              NFTokenID: token,
              Amount: '1000',
              Owner: (keys[owner] as (typeof keys)[number]).address,
            }),
            owner: actor,
          })
        } else if (offers.length > 0) {
          const { id, owner } = offers.splice(next(offers.length), 1)[0] as {
            id: string
            owner: number
          }
          if (f.view().read(id)) {
            expect(
              f.run(keys[owner] as (typeof keys)[number], {
                TransactionType: 'NFTokenCancelOffer',
                NFTokenOffers: [id],
              }).result,
            ).toBe('tesSUCCESS')
          }
        }
        if (step % 20 === 19) mostPages = Math.max(mostPages, checkInvariants(live))
      }
      checkInvariants(live)
    },
  )
})
