import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { permissionedDomainIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

const alice = testKey(81)
const bob = testKey(82)
const issuer = testKey(83)
const other = testKey(84)
const KYC = Buffer.from('KYC').toString('hex').toUpperCase()
const AML = Buffer.from('AML').toString('hex').toUpperCase()

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([alice, bob, issuer, other])
})
afterEach(() => f.dispose())

const credential = (by: string, type: string) => ({
  Credential: { Issuer: by, CredentialType: type },
})
const set = (fields: Record<string, unknown>, by = alice) =>
  f.submit(by, { TransactionType: 'PermissionedDomainSet', ...fields })
const create = (credentials = [credential(issuer.address, KYC)]) => {
  const sequence = f.sequence(alice)
  const result = set({ AcceptedCredentials: credentials })
  return { ...result, id: permissionedDomainIndex(alice.address, sequence) }
}
const domainOf = (id: string) => f.ledger.entry('TESTNET', id)

describe('Permissioned Domains without Credentials (rippled PermissionedDomainSet.cpp checkExtraFeatures)', () => {
  it('PermissionedDomainSet is temDISABLED while Credentials is off, nothing charged [rippled PermissionedDomainSet.cpp]', () => {
    f.ledger.setAmendments('TESTNET', { disable: ['Credentials'] })
    const before = f.balance(alice.address)
    expect(create().engine_result).toBe('temDISABLED')
    expect(f.balance(alice.address)).toBe(before)
  })
})

// PermissionedDomainSet needs Credentials (rippled PermissionedDomainSet.cpp `checkExtraFeatures`).
describe('Permissioned Domains: lists of accepted credentials (rippled PermissionedDomainSet.cpp, PermissionedDomainDelete.cpp)', () => {
  it('creates a domain at the keylet of its owner and Sequence, credentials sorted by issuer then type, one reserve [rippled PermissionedDomainSet.cpp]', () => {
    const sequence = f.sequence(alice)
    const { txid, engine_result, id } = create([
      credential(issuer.address, KYC),
      credential(issuer.address, AML),
    ])
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.node(txid, id)).toEqual({
      CreatedNode: {
        LedgerEntryType: 'PermissionedDomain',
        LedgerIndex: id,
        NewFields: {
          Owner: alice.address,
          Sequence: sequence,
          // AML's bytes sort before KYC's.
          AcceptedCredentials: [credential(issuer.address, AML), credential(issuer.address, KYC)],
        },
      },
    })
    expect(f.ownerCount(alice)).toBe(1)
  })

  it('an update replaces the list of the owner’s domain [rippled PermissionedDomainSet.cpp doApply]', () => {
    const { id } = create()
    const updated = set({ DomainID: id, AcceptedCredentials: [credential(other.address, AML)] })
    expect(updated.engine_result).toBe('tesSUCCESS')
    expect(domainOf(id)?.AcceptedCredentials).toEqual([credential(other.address, AML)])
    expect(f.ownerCount(alice)).toBe(1)
  })

  it.each([
    { what: 'an empty list', fields: { AcceptedCredentials: [] }, result: 'temARRAY_EMPTY' },
    {
      what: 'eleven credentials',
      fields: {
        AcceptedCredentials: Array.from({ length: 11 }, (_, i) =>
          credential(issuer.address, (i + 1).toString(16).padStart(2, '0')),
        ),
      },
      result: 'temARRAY_TOO_LARGE',
    },
    {
      what: 'a credential type of 65 bytes',
      fields: { AcceptedCredentials: [credential(issuer.address, '00'.repeat(65))] },
      result: 'temMALFORMED',
    },
    {
      what: 'an empty credential type',
      fields: { AcceptedCredentials: [credential(issuer.address, '')] },
      result: 'temMALFORMED',
    },
    {
      what: 'a credential twice',
      fields: {
        AcceptedCredentials: [credential(issuer.address, KYC), credential(issuer.address, KYC)],
      },
      result: 'temMALFORMED',
    },
    {
      what: 'the zero account as issuer',
      fields: { AcceptedCredentials: [credential('rrrrrrrrrrrrrrrrrrrrrhoLvTp', KYC)] },
      result: 'temINVALID_ACCOUNT_ID',
    },
    {
      what: 'a zero DomainID',
      fields: {
        DomainID: '0'.repeat(64),
        AcceptedCredentials: [credential(issuer.address, KYC)],
      },
      result: 'temMALFORMED',
    },
  ])(
    '$what is $result, nothing charged [rippled CredentialHelpers.cpp checkArray, PermissionedDomainSet.cpp]',
    ({ fields, result }) => {
      const before = f.balance(alice.address)
      expect(set(fields).engine_result).toBe(result)
      expect([f.balance(alice.address), f.ownerCount(alice)]).toEqual([before, 0])
    },
  )

  it('an issuer without an account is tecNO_ISSUER [rippled PermissionedDomainSet.cpp preclaim]', () => {
    const ghost = testKey(85)
    expect(create([credential(ghost.address, KYC)]).engine_result).toBe('tecNO_ISSUER')
  })

  it('an unknown DomainID is tecNO_ENTRY; another owner’s tecNO_PERMISSION [rippled PermissionedDomainSet.cpp preclaim]', () => {
    const accepted = [credential(issuer.address, KYC)]
    expect(set({ DomainID: 'AB'.repeat(32), AcceptedCredentials: accepted }).engine_result).toBe(
      'tecNO_ENTRY',
    )
    const { id } = create()
    expect(set({ DomainID: id, AcceptedCredentials: accepted }, bob).engine_result).toBe(
      'tecNO_PERMISSION',
    )
  })

  it('a new domain needs one more owner reserve after the fee (tecINSUFFICIENT_RESERVE) [rippled PermissionedDomainSet.cpp doApply]', () => {
    const poor = testKey(86)
    f.ledger.fund(poor.address, 1_200_011n, ['TESTNET'])
    const accepted = { AcceptedCredentials: [credential(issuer.address, KYC)] }
    expect(set(accepted, poor).engine_result).toBe('tecINSUFFICIENT_RESERVE')
    f.ledger.fund(poor.address, 13n, ['TESTNET'])
    expect(set(accepted, poor).engine_result).toBe('tesSUCCESS')
  })

  it('PermissionedDomainDelete removes the owner’s domain and frees its reserve [rippled PermissionedDomainDelete.cpp]', () => {
    const { id } = create()
    const del = (by = alice, domain = id) =>
      f.submit(by, { TransactionType: 'PermissionedDomainDelete', DomainID: domain })
    expect(del(bob).engine_result).toBe('tecNO_PERMISSION')
    expect(del(alice, '0'.repeat(64)).engine_result).toBe('temMALFORMED')
    const deleted = del()
    expect(deleted.engine_result).toBe('tesSUCCESS')
    expect(f.node(deleted.txid, id)).toMatchObject({
      DeletedNode: { LedgerEntryType: 'PermissionedDomain' },
    })
    expect([domainOf(id), f.ownerCount(alice)]).toEqual([null, 0])
    expect(del().engine_result).toBe('tecNO_ENTRY')
  })

  it('a domain blocks AccountDelete (tecHAS_OBLIGATIONS) [rippled DeleteAccount.cpp nonObligationDeleter]', () => {
    create()
    f.pass(10)
    for (let i = 0; i < 256; i += 1) f.ledger.close('TESTNET')
    const deleted = f.submit(alice, {
      TransactionType: 'AccountDelete',
      Destination: bob.address,
      Fee: '200000',
    })
    expect(deleted.engine_result).toBe('tecHAS_OBLIGATIONS')
  })
})
