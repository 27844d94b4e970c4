import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getNFTokenID, parseNFTokenID } from 'xrpl'
import { readAccount } from '../../../../src/ledger/state/account-root'
import { signTx, testKey } from '../../test-keys'
import { type NftFixture, nftFixture } from './nft-fixture'

const UNIT = 1_000_000n
const alice = testKey(41)
const minter = testKey(42)
const bob = testKey(43)

let f: NftFixture
beforeEach(() => {
  f = nftFixture()
  for (const key of [alice, minter, bob])
    f.ledger.fund(key.address, 100n * UNIT, ['TESTNET', 'XAHAU'])
})
afterEach(() => f.dispose())

describe('NFTokenMint (rippled NFTokenMint.cpp)', () => {
  it('builds the NFTokenID as rippled does: xrpl.js parseNFTokenID reads flags, fee, issuer, taxon and serial back', () => {
    const sequence = f.ledger.account('TESTNET', alice.address)?.sequence ?? 0
    const { result, meta } = f.run(alice, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 1337,
      TransferFee: 314,
      Flags: 0x0008 | 0x0001,
      URI: Buffer.from('ipfs://bafy').toString('hex').toUpperCase(),
    })
    expect(result).toBe('tesSUCCESS')
    const id = String(meta.nftoken_id)
    expect(getNFTokenID(meta as never)).toBe(id)
    expect(parseNFTokenID(id)).toEqual({
      NFTokenID: id,
      Flags: 9,
      TransferFee: 314,
      Issuer: alice.address,
      Taxon: 1337,
      Sequence: sequence,
    })
    // FirstNFTokenSequence is the Sequence the first mint consumed (fixNFTokenRemint).
    const root = readAccount(f.view(), alice.address)
    expect(root?.FirstNFTokenSequence).toBe(sequence)
    expect(root?.MintedNFTokens).toBe(1)
    expect(f.tokens(alice.address)).toEqual([id])
  })

  it('numbers tokens FirstNFTokenSequence + MintedNFTokens, the taxon ciphered per serial', () => {
    const first = f.ledger.account('TESTNET', alice.address)?.sequence ?? 0
    const ids = [f.mint(alice, { NFTokenTaxon: 7 }), f.mint(alice, { NFTokenTaxon: 7 })]
    expect(ids.map((id) => parseNFTokenID(id).Sequence)).toEqual([first, first + 1])
    expect(ids.map((id) => parseNFTokenID(id).Taxon)).toEqual([7, 7])
    expect(ids[0]?.slice(48, 56)).not.toBe(ids[1]?.slice(48, 56))
  })

  it('mints for an issuer through its NFTokenMinter; the issuer numbers the token', () => {
    const named = f.run(alice, {
      TransactionType: 'AccountSet',
      SetFlag: 10,
      NFTokenMinter: minter.address,
    })
    expect(named.result).toBe('tesSUCCESS')
    const issuerSequence = f.ledger.account('TESTNET', alice.address)?.sequence
    const id = f.mint(minter, { Issuer: alice.address, Flags: 8 })
    expect(parseNFTokenID(id)).toMatchObject({ Issuer: alice.address, Sequence: issuerSequence })
    expect(f.tokens(minter.address)).toEqual([id])
    expect(readAccount(f.view(), alice.address)?.MintedNFTokens).toBe(1)
    expect(
      f.run(bob, { TransactionType: 'NFTokenMint', NFTokenTaxon: 0, Issuer: alice.address }).result,
    ).toBe('tecNO_PERMISSION')
  })

  it('one page holds 32 tokens for one owned object; the 33rd splits it (one more)', () => {
    for (let i = 0; i < 32; i += 1) f.mint(alice)
    expect(f.owned(alice.address)).toEqual({ pages: 1, offers: 0, other: 0 })
    expect(f.ownerCount(alice.address)).toBe(1)
    f.mint(alice)
    expect(f.owned(alice.address).pages).toBe(2)
    expect(f.ownerCount(alice.address)).toBe(2)
  })

  it('a mint that needs a new page the balance cannot carry is tecINSUFFICIENT_RESERVE', () => {
    const poor = testKey(44)
    f.ledger.fund(poor.address, 1_000_010n, ['TESTNET'])
    expect(f.run(poor, { TransactionType: 'NFTokenMint', NFTokenTaxon: 0 }).result).toBe(
      'tecINSUFFICIENT_RESERVE',
    )
    expect(f.tokens(poor.address)).toEqual([])
  })

  it('is temDISABLED on Xahau, which has no XLS-20 NFTokens (docs/protocol.md §8.7)', () => {
    const { engine_result } = f.ledger.submit(
      'XAHAU',
      signFor(alice, { TransactionType: 'NFTokenMint', NFTokenTaxon: 0 }),
    )
    expect(engine_result).toBe('temDISABLED')
  })

  // Each row: the fields, the code, the rippled line it follows (NFTokenMint::preflight/preclaim).
  const rows: [string, Record<string, unknown>, string][] = [
    [
      'TransferFee above 50000 (maxTransferFee)',
      { TransferFee: 50_001, Flags: 8 },
      'temBAD_NFTOKEN_TRANSFER_FEE',
    ],
    ['TransferFee without tfTransferable', { TransferFee: 1 }, 'temMALFORMED'],
    ['tfTrustLine after fixRemoveNFTokenAutoTrustLine', { Flags: 0x0004 }, 'temINVALID_FLAG'],
    ['an unknown flag', { Flags: 0x00010000 }, 'temINVALID_FLAG'],
    ['Issuer is the Account', { Issuer: 'self' }, 'temMALFORMED'],
    ['URI of 257 bytes (maxTokenURILength)', { URI: 'AB'.repeat(257) }, 'temMALFORMED'],
    ['Destination without Amount', { Destination: 'bob' }, 'temMALFORMED'],
    [
      'a buy-free zero IOU offer',
      { Amount: { currency: 'USD', issuer: 'bob', value: '0' } },
      'temBAD_AMOUNT',
    ],
    [
      'an IOU offer on a tfOnlyXRP token',
      { Flags: 2, Amount: { currency: 'USD', issuer: 'bob', value: '1' } },
      'temBAD_AMOUNT',
    ],
    ['Expiration 0', { Amount: '1', Expiration: 0 }, 'temBAD_EXPIRATION'],
    ['an Issuer that does not exist', { Issuer: testKey(45).address }, 'tecNO_ISSUER'],
    ['an Issuer that did not name the sender its minter', { Issuer: 'bob' }, 'tecNO_PERMISSION'],
  ]
  it.each(rows)('%s → %s', (_why, fields, code) => {
    const resolved = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key, resolve(value)]),
    )
    const { result } = f.run(alice, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 0,
      ...resolved,
    })
    expect(result).toBe(code)
    expect(f.tokens(alice.address)).toEqual([])
  })
})

const resolve = (value: unknown): unknown => {
  if (value === 'self') return alice.address
  if (value === 'bob') return bob.address
  if (typeof value === 'object' && value !== null && 'issuer' in value) {
    return { ...value, issuer: resolve((value as { issuer: string }).issuer) }
  }
  return value
}

function signFor(key: typeof alice, fields: Record<string, unknown>): string {
  return signTx(
    {
      Account: key.address,
      Fee: f.ledger.fee('XAHAU'),
      Sequence: f.ledger.account('XAHAU', key.address)?.sequence,
      NetworkID: 21337,
      ...fields,
    },
    key,
  )
}
