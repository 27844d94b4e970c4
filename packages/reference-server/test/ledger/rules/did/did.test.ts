import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { didIndex } from '../../../../src/ledger/state/keylets'
import { signTx, testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

const alice = testKey(61)
const bob = testKey(62)
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase()
const URI = hex('did:example:alice')

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([alice, bob])
})
afterEach(() => f.dispose())

const set = (fields: Record<string, unknown>, by = alice) =>
  f.submit(by, { TransactionType: 'DIDSet', ...fields })
const didOf = (key = alice) => f.ledger.entry('TESTNET', didIndex(key.address))

describe('DID: one per account, fields set, replaced and removed (rippled DID.cpp)', () => {
  it('DIDSet makes the DID at its keylet, owned by the account, one owner reserve [rippled DID.cpp]', () => {
    const { txid, engine_result } = set({ URI, Data: 'AB' })
    expect(engine_result).toBe('tesSUCCESS')
    const index = didIndex(alice.address)
    expect(f.node(txid, index)).toEqual({
      CreatedNode: {
        LedgerEntryType: 'DID',
        LedgerIndex: index,
        NewFields: { Account: alice.address, URI, Data: 'AB' },
      },
    })
    expect(f.ownerCount(alice)).toBe(1)
  })

  it('an update replaces the fields given, removes those given empty, keeps the others [rippled DID.cpp]', () => {
    set({ URI, Data: 'AB' })
    const { txid, engine_result } = set({ Data: '', DIDDocument: 'CD' })
    expect(engine_result).toBe('tesSUCCESS')
    expect(didOf()).toMatchObject({ URI, DIDDocument: 'CD' })
    expect(didOf()?.Data).toBeUndefined()
    expect(f.node(txid, didIndex(alice.address))).toMatchObject({
      ModifiedNode: { PreviousFields: { Data: 'AB' } },
    })
    expect(f.ownerCount(alice)).toBe(1)
  })

  it.each([
    ['no field at all', {}, 'temEMPTY_DID'],
    ['all three fields empty', { URI: '', DIDDocument: '', Data: '' }, 'temEMPTY_DID'],
    ['a URI of 257 bytes', { URI: '00'.repeat(257) }, 'temMALFORMED'],
    ['a DIDDocument of 257 bytes', { DIDDocument: '00'.repeat(257) }, 'temMALFORMED'],
    ['Data of 257 bytes', { Data: '00'.repeat(257) }, 'temMALFORMED'],
    ['a flag other than the universal ones', { URI, Flags: 1 }, 'temINVALID_FLAG'],
  ])('DIDSet with %s is %s [rippled DID.cpp preflight]', (_what, fields, result) => {
    expect(set(fields).engine_result).toBe(result)
    expect(didOf()).toBeNull()
  })

  it('256 bytes in each field are allowed [rippled DID.cpp, Protocol.h maxDIDURILength]', () => {
    const full = '00'.repeat(256)
    expect(set({ URI: full, DIDDocument: full, Data: full }).engine_result).toBe('tesSUCCESS')
  })

  it('a new DID with only empty fields is tecEMPTY_DID (fixEmptyDID) [rippled DID.cpp]', () => {
    const before = f.balance(alice.address)
    expect(set({ URI: '' }).engine_result).toBe('tecEMPTY_DID')
    expect(didOf()).toBeNull()
    expect(f.balance(alice.address)).toBe(before - 12n)
  })

  it('an update that would leave no field is tecEMPTY_DID, the DID unchanged [rippled DID.cpp]', () => {
    set({ URI })
    expect(set({ URI: '' }).engine_result).toBe('tecEMPTY_DID')
    expect(didOf()).toMatchObject({ URI })
  })

  it('a balance short of one more owner reserve after the fee is tecINSUFFICIENT_RESERVE [rippled DID.cpp addSLE]', () => {
    const poor = testKey(63)
    // The account reserve (1,000,000) and one owner reserve (200,000) need 1,200,000 after the
    // fee of 12: 1,199,999 is short; the fee taken, 13 more leave exactly 1,200,000.
    f.ledger.fund(poor.address, 1_200_011n, ['TESTNET'])
    expect(set({ URI }, poor).engine_result).toBe('tecINSUFFICIENT_RESERVE')
    f.ledger.fund(poor.address, 13n, ['TESTNET'])
    expect(set({ URI }, poor).engine_result).toBe('tesSUCCESS')
  })

  it('DIDDelete removes it and frees the reserve; without one it is tecNO_ENTRY [rippled DID.cpp DIDDelete]', () => {
    set({ URI })
    const deleted = f.submit(alice, { TransactionType: 'DIDDelete' })
    expect(deleted.engine_result).toBe('tesSUCCESS')
    expect(f.node(deleted.txid, didIndex(alice.address))).toMatchObject({
      DeletedNode: { LedgerEntryType: 'DID', FinalFields: { URI } },
    })
    expect([didOf(), f.ownerCount(alice)]).toEqual([null, 0])
    expect(f.submit(alice, { TransactionType: 'DIDDelete' }).engine_result).toBe('tecNO_ENTRY')
  })

  it('AccountDelete deletes the DID with the account [rippled DeleteAccount.cpp removeDIDFromLedger]', () => {
    set({ URI })
    f.pass(10)
    for (let i = 0; i < 256; i += 1) f.ledger.close('TESTNET')
    const deleted = f.submit(alice, {
      TransactionType: 'AccountDelete',
      Destination: bob.address,
      Fee: '200000',
    })
    expect(deleted.engine_result).toBe('tesSUCCESS')
    expect(f.node(deleted.txid, didIndex(alice.address))).toMatchObject({ DeletedNode: {} })
    expect(didOf()).toBeNull()
  })

  // xahaud's definitions have no DIDSet: its type code 49 is xahaud's URITokenCancelSellOffer, so
  // the blob is that type there, and malformed (no URITokenID).
  it('Xahau has no DID: a DIDSet blob is xahaud type 49, a malformed URITokenCancelSellOffer [rippled DID.cpp; xahaud URIToken.cpp; research §1.2]', () => {
    f.ledger.fund(alice.address, 10_000_000n, ['XAHAU'])
    const tx = {
      TransactionType: 'DIDSet',
      Account: alice.address,
      Fee: f.ledger.fee('XAHAU'),
      Sequence: f.ledger.account('XAHAU', alice.address)?.sequence,
      NetworkID: 21337,
      URI,
    }
    expect(f.ledger.submit('XAHAU', signTx(tx, alice)).engine_result).toBe('temMALFORMED')
  })
})
