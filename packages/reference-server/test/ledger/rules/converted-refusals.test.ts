import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Refusal } from '../../../src/ledger'
import { LSF } from '../../../src/ledger/state/ledger-object'
import { type TestKey, testKey } from '../test-keys'
import { type NftFixture, nftFixture } from './nft/nft-fixture'

// The rules whose every result other than tesSUCCESS is a typed refusal (issue 40 §6): each
// result code they name is written inside refuse() or a helper over it, with the values compared
// and the rippled file, never returned bare.
const RULES = join(import.meta.dirname, '../../../src/ledger/rules')
const CONVERTED = [
  'transactor.ts',
  'account/key-settings.ts',
  'account/ticket-create.ts',
  'dex/offer-cancel.ts',
  'nft/nft-accept.ts',
  'nft/nft-funds.ts',
  'nft/nft-burn.ts',
  'nft/nft-modify.ts',
]

// The source without its comments (a TSDoc example names codes as text).
const code = (file: string) =>
  readFileSync(join(RULES, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')

describe('the converted rules return no bare result code', () => {
  it.each(CONVERTED)('%s: every code is the first argument of refuse() or refused()', (file) => {
    const source = code(file)
    const codes = [...source.matchAll(/'(te[cmflr][A-Z_]+)'/g)]
    expect(codes.length).toBeGreaterThan(0)
    const bare = codes
      .filter((match) => !/\brefused?\(\s*$/.test(source.slice(0, match.index)))
      .map((match) => match[1])
    expect(bare).toEqual([])
  })
})

const UNIT = 1_000_000n
const issuer = testKey(131)
const alice = testKey(132)
const bob = testKey(133)

let f: NftFixture
beforeEach(() => {
  f = nftFixture({ keys: [issuer, alice, bob], drops: 100n * UNIT })
})
afterEach(() => f.dispose())

const refusalOf = (key: TestKey, fields: Record<string, unknown>) =>
  (f.submit(key, fields) as { refusal?: Refusal }).refusal

describe('what they return carries a detail and its rippled file', () => {
  it.each([
    [
      'TicketCreate of 251 tickets [rippled CreateTicket.cpp]',
      () => refusalOf(alice, { TransactionType: 'TicketCreate', TicketCount: 251 }),
      {
        result: 'temINVALID_COUNT',
        detail: 'TicketCount 251 is not from 1 to 250',
        source: 'CreateTicket.cpp',
      },
    ],
    [
      'OfferCancel of an OfferSequence not yet used [rippled CancelOffer.cpp]',
      () => refusalOf(alice, { TransactionType: 'OfferCancel', OfferSequence: 99_999_999 }),
      { result: 'temBAD_SEQUENCE', rule: 'offer-sequence-ahead', source: 'CancelOffer.cpp' },
    ],
    [
      'SetRegularKey to the account itself [rippled SetRegularKey.cpp]',
      () => refusalOf(alice, { TransactionType: 'SetRegularKey', RegularKey: alice.address }),
      { result: 'temBAD_REGKEY', source: 'SetRegularKey.cpp' },
    ],
    [
      'SignerListSet with an unreachable quorum [rippled SetSignerList.cpp]',
      () =>
        refusalOf(alice, {
          TransactionType: 'SignerListSet',
          SignerQuorum: 3,
          SignerEntries: [{ SignerEntry: { Account: bob.address, SignerWeight: 2 } }],
        }),
      {
        result: 'temBAD_QUORUM',
        detail: 'the weights add up to 2, below SignerQuorum 3',
        source: 'SetSignerList.cpp',
      },
    ],
  ])('%s', (_, submit, expected) => {
    const refusal = submit()
    expect(refusal).toMatchObject(expected)
    expect(refusal?.detail).not.toBe('')
  })

  it('a key that is not the account’s: tefBAD_AUTH names whose key signed [rippled Transactor.cpp checkSingleSign]', () => {
    const sequence = f.ledger.account('TESTNET', alice.address)?.sequence
    const refusal = refusalOf(bob, {
      TransactionType: 'AccountSet',
      Account: alice.address,
      Sequence: sequence,
    })
    expect(refusal).toMatchObject({
      result: 'tefBAD_AUTH',
      rule: 'authorization',
      source: 'Transactor.cpp',
    })
    expect(refusal?.detail).toContain(
      `is the key of ${bob.address}: neither ${alice.address}'s master key`,
    )
  })

  it('accepting one’s own NFT offer [rippled NFTokenAcceptOffer.cpp]', () => {
    const id = f.mint(alice, { Flags: 8 })
    const offer = f.offer(alice, {
      NFTokenID: id,
      Amount: '1',
      Flags: LSF.NFTokenOffer.SellNFToken,
    })
    expect(
      refusalOf(alice, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offer }),
    ).toEqual({
      result: 'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER',
      rule: 'own-offer',
      detail: `${alice.address} placed the offer ${offer} and cannot accept it`,
      source: 'NFTokenAcceptOffer.cpp',
    })
  })
})
