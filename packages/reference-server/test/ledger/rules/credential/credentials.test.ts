import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { credentialIndex, ownerDirIndex } from '../../../../src/ledger/state/keylets'
import { type TestKey, testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

// Credentials (docs/protocol.md §8.16): rippled Credentials.cpp and CredentialHelpers.cpp.
const issuer = testKey(151)
const subject = testKey(152)
const other = testKey(153)
const KYC = '4B5943'

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([issuer, subject, other])
})
afterEach(() => f.dispose())

const run = (key: TestKey, fields: Record<string, unknown>) => f.submit(key, fields).engine_result
const create = (fields: Record<string, unknown> = {}, by = issuer) =>
  run(by, {
    TransactionType: 'CredentialCreate',
    Subject: subject.address,
    CredentialType: KYC,
    ...fields,
  })
const accept = (fields: Record<string, unknown> = {}) =>
  run(subject, {
    TransactionType: 'CredentialAccept',
    Issuer: issuer.address,
    CredentialType: KYC,
    ...fields,
  })
const remove = (by: TestKey, fields: Record<string, unknown>) =>
  run(by, { TransactionType: 'CredentialDelete', CredentialType: KYC, ...fields })
const id = credentialIndex(subject.address, issuer.address, KYC)
const entry = () => f.ledger.entry('TESTNET', id)
const listed = (key: TestKey) =>
  ((f.ledger.entry('TESTNET', ownerDirIndex(key.address))?.Indexes as string[]) ?? []).includes(id)

describe('CredentialCreate (rippled Credentials.cpp)', () => {
  it("makes the Credential in both owner directories, on the issuer's reserve until accepted", () => {
    expect(create({ URI: '68747470733A2F2F6B79632E6578616D706C65' })).toBe('tesSUCCESS')
    expect(entry()).toMatchObject({
      LedgerEntryType: 'Credential',
      Flags: 0,
      Subject: subject.address,
      Issuer: issuer.address,
      CredentialType: KYC,
      URI: '68747470733A2F2F6B79632E6578616D706C65',
    })
    expect([listed(issuer), listed(subject)]).toEqual([true, true])
    expect([f.ownerCount(issuer), f.ownerCount(subject)]).toEqual([1, 0])
  })

  it('an issuer that is its own subject has it accepted at once, in one directory', () => {
    expect(create({ Subject: issuer.address })).toBe('tesSUCCESS')
    const own = f.ledger.entry('TESTNET', credentialIndex(issuer.address, issuer.address, KYC))
    expect(own?.Flags).toBe(0x00010000)
    expect(f.ownerCount(issuer)).toBe(1)
  })

  it.each([
    ['an empty CredentialType: temMALFORMED', { CredentialType: '' }, 'temMALFORMED'],
    [
      'a CredentialType of 65 bytes: temMALFORMED',
      { CredentialType: 'AB'.repeat(65) },
      'temMALFORMED',
    ],
    ['a URI of 257 bytes: temMALFORMED', { URI: 'AB'.repeat(257) }, 'temMALFORMED'],
    ['a subject with no account: tecNO_TARGET', { Subject: testKey(159).address }, 'tecNO_TARGET'],
  ])('refuses %s', (_name, fields, expected) => {
    expect(create(fields)).toBe(expected)
    expect(f.ownerCount(issuer)).toBe(0)
  })

  it('refuses the same credential twice (tecDUPLICATE)', () => {
    expect(create()).toBe('tesSUCCESS')
    expect(create()).toBe('tecDUPLICATE')
  })

  it('refuses an Expiration before the parent close (tecEXPIRED), accepts one at it', () => {
    expect(create({ Expiration: f.now() - 20 })).toBe('tecEXPIRED')
    expect(entry()).toBeNull()
    expect(create({ Expiration: f.now() })).toBe('tesSUCCESS')
  })

  it('refuses an issuer below the reserve with one more object (tecINSUFFICIENT_RESERVE)', () => {
    const poor = testKey(158)
    f.ledger.fund(poor.address, 1_000_100n, ['TESTNET'])
    expect(create({}, poor)).toBe('tecINSUFFICIENT_RESERVE')
  })
})

describe('CredentialAccept (rippled Credentials.cpp)', () => {
  it("accepts: lsfAccepted, and the owned object moves from the issuer's reserve to the subject's", () => {
    expect(create()).toBe('tesSUCCESS')
    expect(accept()).toBe('tesSUCCESS')
    expect(entry()?.Flags).toBe(0x00010000)
    expect([f.ownerCount(issuer), f.ownerCount(subject)]).toEqual([0, 1])
  })

  it.each([
    ['accepted already: tecDUPLICATE', () => accept(), 'tecDUPLICATE'],
    ['another type: tecNO_ENTRY', () => accept({ CredentialType: '4B5944' }), 'tecNO_ENTRY'],
    [
      'an issuer with no account: tecNO_ISSUER',
      () => accept({ Issuer: testKey(159).address }),
      'tecNO_ISSUER',
    ],
    [
      'the zero account as issuer: temINVALID_ACCOUNT_ID',
      () => accept({ Issuer: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp' }),
      'temINVALID_ACCOUNT_ID',
    ],
  ])('refuses %s', (_name, act, expected) => {
    expect(create()).toBe('tesSUCCESS')
    expect(accept()).toBe('tesSUCCESS')
    expect(act()).toBe(expected)
  })

  it('deletes an expired credential and answers tecEXPIRED: the deletion stays though the fee is all else', () => {
    expect(create({ Expiration: f.now() + 15 })).toBe('tesSUCCESS')
    f.pass(30)
    const { txid, engine_result } = f.submit(subject, {
      TransactionType: 'CredentialAccept',
      Issuer: issuer.address,
      CredentialType: KYC,
    })
    expect(engine_result).toBe('tecEXPIRED')
    expect(entry()).toBeNull()
    expect(f.node(txid, id)).toHaveProperty('DeletedNode')
    expect([f.ownerCount(issuer), f.ownerCount(subject)]).toEqual([0, 0])
    expect([listed(issuer), listed(subject)]).toEqual([false, false])
  })
})

describe('CredentialDelete (rippled Credentials.cpp)', () => {
  it.each([
    ['its subject', subject, { Issuer: issuer.address }],
    ['its issuer', issuer, { Subject: subject.address }],
  ])('%s may delete it at any time, and the owner count follows', (_name, by, fields) => {
    expect(create()).toBe('tesSUCCESS')
    expect(accept()).toBe('tesSUCCESS')
    expect(remove(by, fields)).toBe('tesSUCCESS')
    expect(entry()).toBeNull()
    expect([f.ownerCount(issuer), f.ownerCount(subject)]).toEqual([0, 0])
  })

  it('anyone else only once it has expired (tecNO_PERMISSION before)', () => {
    expect(create({ Expiration: f.now() + 15 })).toBe('tesSUCCESS')
    const both = { Subject: subject.address, Issuer: issuer.address }
    expect(remove(other, both)).toBe('tecNO_PERMISSION')
    f.pass(30)
    expect(remove(other, both)).toBe('tesSUCCESS')
    expect(f.ownerCount(issuer)).toBe(0)
  })

  it.each([
    ['neither Subject nor Issuer: temMALFORMED', {}, 'temMALFORMED'],
    [
      'the zero account: temINVALID_ACCOUNT_ID',
      { Subject: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp' },
      'temINVALID_ACCOUNT_ID',
    ],
    ['no such credential: tecNO_ENTRY', { Subject: other.address }, 'tecNO_ENTRY'],
  ])('refuses %s', (_name, fields, expected) => {
    expect(create()).toBe('tesSUCCESS')
    expect(remove(issuer, fields)).toBe(expected)
    expect(entry()).not.toBeNull()
  })
})
