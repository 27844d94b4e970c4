import { decodeAccountID } from 'ripple-address-codec'
import { describe, expect, it } from 'vitest'
import { hashes } from 'xrpl'
import {
  accountRootIndex,
  bookBaseIndex,
  bookDirIndex,
  checkIndex,
  currencyHex,
  depositPreauthIndex,
  directoryPageIndex,
  escrowIndex,
  nftokenBuyOffersIndex,
  nftokenOfferIndex,
  nftokenPageIndex,
  nftokenPageMaxIndex,
  nftokenPageMinIndex,
  nftokenSellOffersIndex,
  offerIndex,
  ownerDirIndex,
  payChannelIndex,
  qualityOfIndex,
  rippleStateIndex,
  signerListIndex,
  ticketIndex,
} from '../../../src/ledger/state/keylets'
import { sha512HalfHex, testKey } from '../test-keys'

const alice = testKey(1).address
const bob = testKey(2).address
const id = (address: string) => Buffer.from(decodeAccountID(address)).toString('hex').toUpperCase()
const u32 = (n: number) => n.toString(16).toUpperCase().padStart(8, '0')
// rippled Indexes.cpp: SHA-512Half of the LedgerNameSpace character as a big-endian uint16, then
// the parameters; recomputed here for the keylets xrpl.js has no hash of.
const space = (c: string) => `00${c.charCodeAt(0).toString(16).toUpperCase()}`

describe('keylets (ledger indexes) agree with xrpl.js hashes', () => {
  it('AccountRoot, RippleState, SignerList, Offer, Escrow, PayChannel', () => {
    expect(accountRootIndex(alice)).toBe(hashes.hashAccountRoot(alice))
    expect(rippleStateIndex(alice, bob, 'USD')).toBe(hashes.hashTrustline(alice, bob, 'USD'))
    expect(rippleStateIndex(bob, alice, 'USD')).toBe(hashes.hashTrustline(alice, bob, 'USD'))
    const hex = '0158415500000000C1F76FF6ECB0BAC600000000'
    expect(rippleStateIndex(alice, bob, hex)).toBe(hashes.hashTrustline(alice, bob, hex))
    expect(signerListIndex(alice)).toBe(hashes.hashSignerListId(alice))
    expect(offerIndex(alice, 5_000_123)).toBe(hashes.hashOfferId(alice, 5_000_123))
    expect(escrowIndex(alice, 7)).toBe(hashes.hashEscrow(alice, 7))
    expect(payChannelIndex(alice, bob, 9)).toBe(hashes.hashPaymentChannel(alice, bob, 9))
  })
})

describe('keylets xrpl.js has no hash of follow rippled Indexes.cpp', () => {
  it('owner directory and its pages, tickets, checks, deposit preauthorizations', () => {
    const root = ownerDirIndex(alice)
    expect(root).toBe(sha512HalfHex(`${space('O')}${id(alice)}`))
    expect(directoryPageIndex(root, 0n)).toBe(root)
    expect(directoryPageIndex(root, 3n)).toBe(
      sha512HalfHex(`${space('d')}${root}${'3'.padStart(16, '0')}`),
    )
    expect(ticketIndex(alice, 42)).toBe(sha512HalfHex(`${space('T')}${id(alice)}${u32(42)}`))
    expect(checkIndex(alice, 42)).toBe(sha512HalfHex(`${space('C')}${id(alice)}${u32(42)}`))
    expect(depositPreauthIndex(alice, bob)).toBe(
      sha512HalfHex(`${space('p')}${id(alice)}${id(bob)}`),
    )
  })

  it('NFToken offers, their directories and pages', () => {
    const token = `000800006203F49C21D5D6E022CB16DE3538F248662FC73C${'0'.repeat(8)}00000001`
    expect(nftokenOfferIndex(alice, 5)).toBe(sha512HalfHex(`${space('q')}${id(alice)}${u32(5)}`))
    expect(nftokenBuyOffersIndex(token)).toBe(sha512HalfHex(`${space('h')}${token}`))
    expect(nftokenSellOffersIndex(token)).toBe(sha512HalfHex(`${space('i')}${token}`))
    expect(nftokenPageMinIndex(alice)).toBe(`${id(alice)}${'0'.repeat(24)}`)
    expect(nftokenPageMaxIndex(alice)).toBe(`${id(alice)}${'F'.repeat(24)}`)
    expect(nftokenPageIndex(alice, token)).toBe(`${id(alice)}${token.slice(40)}`)
  })

  it('book directories: the base has quality 0, each quality sits in the last 8 bytes', () => {
    const usd = { currency: 'USD', issuer: bob }
    const base = bookBaseIndex({ pays: { currency: 'XRP' }, gets: usd })
    const hash = sha512HalfHex(
      `${space('B')}${'0'.repeat(40)}${currencyHex('USD')}${'0'.repeat(40)}${id(bob)}`,
    )
    expect(base).toBe(`${hash.slice(0, 48)}${'0'.repeat(16)}`)
    const quality = 0x5503_8d7e_a4c6_8000n
    expect(bookDirIndex(base, quality)).toBe(`${base.slice(0, 48)}55038D7EA4C68000`)
    expect(qualityOfIndex(bookDirIndex(base, quality))).toBe(quality)
    expect(bookDirIndex(base, 1n) > bookDirIndex(base, 0n)).toBe(true)
  })
})
