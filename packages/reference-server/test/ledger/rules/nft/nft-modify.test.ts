import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NFTokenMintFlags, parseNFTokenID, validate } from 'xrpl'
import { findToken } from '../../../../src/ledger/rules/nft/nft-pages'
import { testKey } from '../../test-keys'
import { type NftFixture, nftFixture } from './nft-fixture'

// NFTokenModify (DynamicNFT; xrpl.org "NFTokenModify", rippled NFTokenModify.cpp and
// nft::changeTokenURI).
const UNIT = 1_000_000n
const issuer = testKey(71)
const minter = testKey(72)
const holder = testKey(73)
const { tfMutable, tfTransferable } = NFTokenMintFlags
const uri = (text: string) => Buffer.from(text).toString('hex').toUpperCase()

let f: NftFixture
beforeEach(() => {
  f = nftFixture()
  for (const key of [issuer, minter, holder]) f.ledger.fund(key.address, 100n * UNIT, ['TESTNET'])
})
afterEach(() => f.dispose())

const modify = (key = issuer, fields: Record<string, unknown> = {}) =>
  f.run(key, { TransactionType: 'NFTokenModify', ...fields })
const uriOf = (owner: string, id: string) => findToken(f.view(), owner, id)?.NFToken.URI

// A mutable, transferable token of `issuer`, sold for nothing to `holder`.
function heldByHolder(): string {
  const id = f.mint(issuer, { Flags: tfMutable | tfTransferable, URI: uri('ipfs://one') })
  const offer = f.offer(issuer, {
    NFTokenID: id,
    Amount: '0',
    Flags: 1,
    Destination: holder.address,
  })
  expect(
    f.run(holder, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offer }).result,
  ).toBe('tesSUCCESS')
  return id
}

describe('NFTokenModify changes the URI of a mutable token (nft::changeTokenURI)', () => {
  it('tfMutable is a mint flag with DynamicNFT: xrpl.js parseNFTokenID reads it in the id', () => {
    const id = f.mint(issuer, { Flags: tfMutable })
    expect(parseNFTokenID(id).Flags & tfMutable).toBe(tfMutable)
  })

  it('the issuer sets a new URI on its own token; the page is modified, no owner count changes', () => {
    const id = f.mint(issuer, { Flags: tfMutable, URI: uri('ipfs://one') })
    const owned = f.ownerCount(issuer.address)
    const { result, meta } = modify(issuer, { NFTokenID: id, URI: uri('ipfs://two') })
    expect(result).toBe('tesSUCCESS')
    expect(uriOf(issuer.address, id)).toBe(uri('ipfs://two'))
    const touched = meta.AffectedNodes.map((node) => [
      Object.keys(node)[0],
      Object.values(node)[0]?.LedgerEntryType,
    ])
    expect(touched.sort()).toEqual([
      ['ModifiedNode', 'AccountRoot'],
      ['ModifiedNode', 'NFTokenPage'],
    ])
    expect(f.ownerCount(issuer.address)).toBe(owned)
  })

  it('without URI the field is removed', () => {
    const id = f.mint(issuer, { Flags: tfMutable, URI: uri('ipfs://one') })
    expect(modify(issuer, { NFTokenID: id }).result).toBe('tesSUCCESS')
    expect(findToken(f.view(), issuer.address, id)?.NFToken).toEqual({ NFTokenID: id })
  })

  it('on a token another account holds, named by Owner; the holder keeps it', () => {
    const id = heldByHolder()
    expect(
      modify(issuer, { NFTokenID: id, Owner: holder.address, URI: uri('ipfs://two') }).result,
    ).toBe('tesSUCCESS')
    expect(uriOf(holder.address, id)).toBe(uri('ipfs://two'))
    expect(f.tokens(holder.address)).toEqual([id])
  })

  it("the issuer's authorized NFTokenMinter may modify too", () => {
    const id = heldByHolder()
    f.run(issuer, { TransactionType: 'AccountSet', SetFlag: 10, NFTokenMinter: minter.address })
    const changed = modify(minter, { NFTokenID: id, Owner: holder.address, URI: uri('ipfs://m') })
    expect(changed.result).toBe('tesSUCCESS')
    expect(uriOf(holder.address, id)).toBe(uri('ipfs://m'))
  })
})

describe('NFTokenModify result codes (NFTokenModify::preflight, preclaim)', () => {
  const ID = '0018C350C182B4F213B82CCFA4C6F59AD76F0AFCFBDF04D5A048C0A300000007'
  it.each<[string, Record<string, unknown>, string]>([
    ['a flag other than the universal ones', { NFTokenID: ID, Flags: 1 }, 'temINVALID_FLAG'],
    ['Owner equal to Account', { NFTokenID: ID, Owner: 'self' }, 'temMALFORMED'],
    ['an empty URI (xrpl.js validate refuses it too)', { NFTokenID: ID, URI: '' }, 'temMALFORMED'],
    [
      'a URI of 257 bytes (maxTokenURILength)',
      { NFTokenID: ID, URI: 'AB'.repeat(257) },
      'temMALFORMED',
    ],
  ])('%s → %s, nothing charged', (_, fields, code) => {
    const resolved = { ...fields, ...(fields.Owner ? { Owner: issuer.address } : {}) }
    const before = f.balance(issuer.address)
    expect(modify(issuer, resolved).result).toBe(code)
    expect(f.balance(issuer.address)).toBe(before)
  })

  it('xrpl.js validate agrees that an empty URI is malformed', () => {
    const tx = { TransactionType: 'NFTokenModify', Account: issuer.address, NFTokenID: ID, URI: '' }
    expect(() => validate(tx)).toThrow(/URI/)
  })

  it('the owner does not hold the token → tecNO_ENTRY', () => {
    const id = heldByHolder()
    expect(modify(issuer, { NFTokenID: id, URI: uri('x') }).result).toBe('tecNO_ENTRY')
  })

  it('a token minted without tfMutable → tecNO_PERMISSION, the URI stays', () => {
    const id = f.mint(issuer, { URI: uri('ipfs://one') })
    expect(modify(issuer, { NFTokenID: id, URI: uri('ipfs://two') }).result).toBe(
      'tecNO_PERMISSION',
    )
    expect(uriOf(issuer.address, id)).toBe(uri('ipfs://one'))
  })

  it('the holder (neither issuer nor minter) → tecNO_PERMISSION, fee charged', () => {
    const id = heldByHolder()
    const before = f.balance(holder.address)
    expect(modify(holder, { NFTokenID: id, URI: uri('mine') }).result).toBe('tecNO_PERMISSION')
    expect(f.balance(holder.address)).toBe(before - BigInt(f.ledger.fee('TESTNET')))
    expect(uriOf(holder.address, id)).toBe(uri('ipfs://one'))
  })
})
