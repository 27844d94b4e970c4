import { decodeAccountID } from 'ripple-address-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  credentialIndex,
  depositPreauthCredentialsIndex,
} from '../../../../src/ledger/state/keylets'
import { sha512HalfHex, type TestKey, testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

// DepositPreauth's credential form (rippled DepositPreauth.cpp) and CredentialIDs on the four
// types that carry them (rippled CredentialHelpers.cpp `checkFields`, `valid`,
// `verifyDepositPreauth`; Payment.cpp, Escrow.cpp, PayChan.cpp, DeleteAccount.cpp).
const issuer = testKey(161)
const sender = testKey(162)
const shop = testKey(163)
const stranger = testKey(164)
const KYC = '4B5943'
const AML = '414D4C'

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([issuer, sender, shop, stranger])
})
afterEach(() => f.dispose())

const run = (key: TestKey, fields: Record<string, unknown>) => f.submit(key, fields).engine_result
const idOf = (type: string, subject = sender) =>
  credentialIndex(subject.address, issuer.address, type)
// The issuer gives `subject` a credential of `type`, which it accepts (unless told not to).
function credential(
  type: string,
  fields: Record<string, unknown> = {},
  accepted = true,
  subject = sender,
) {
  expect(
    run(issuer, {
      TransactionType: 'CredentialCreate',
      Subject: subject.address,
      CredentialType: type,
      ...fields,
    }),
  ).toBe('tesSUCCESS')
  if (accepted) {
    expect(
      run(subject, {
        TransactionType: 'CredentialAccept',
        Issuer: issuer.address,
        CredentialType: type,
      }),
    ).toBe('tesSUCCESS')
  }
  return idOf(type, subject)
}
const pairs = (...types: string[]) =>
  types.map((type) => ({ Credential: { Issuer: issuer.address, CredentialType: type } }))
const preauthorize = (...types: string[]) =>
  run(shop, { TransactionType: 'DepositPreauth', AuthorizeCredentials: pairs(...types) })
const guardShop = () => {
  expect(run(shop, { TransactionType: 'AccountSet', SetFlag: 9 })).toBe('tesSUCCESS')
}
const pay = (ids?: string[], from = sender) =>
  run(from, {
    TransactionType: 'Payment',
    Destination: shop.address,
    Amount: '5000000',
    ...(ids ? { CredentialIDs: ids } : {}),
  })

describe('DepositPreauth with credentials (rippled DepositPreauth.cpp)', () => {
  it('AuthorizeCredentials makes one entry for the sorted set, keyed by it; UnauthorizeCredentials removes it', () => {
    expect(preauthorize(KYC, AML)).toBe('tesSUCCESS')
    const index = depositPreauthCredentialsIndex(shop.address, [
      { issuer: issuer.address, credentialType: KYC },
      { issuer: issuer.address, credentialType: AML },
    ])
    expect(f.ledger.entry('TESTNET', index)).toMatchObject({
      LedgerEntryType: 'DepositPreauth',
      Account: shop.address,
      AuthorizeCredentials: pairs(AML, KYC),
    })
    expect(f.ownerCount(shop)).toBe(1)
    expect(
      run(shop, { TransactionType: 'DepositPreauth', UnauthorizeCredentials: pairs(KYC, AML) }),
    ).toBe('tesSUCCESS')
    expect(f.ledger.entry('TESTNET', index)).toBeNull()
    expect(f.ownerCount(shop)).toBe(0)
  })

  it("keys the set as Indexes.cpp keylet::depositPreauth does: 'P', owner, each SHA-512Half(issuer ‖ type), their count", () => {
    const id = Buffer.from(decodeAccountID(issuer.address)).toString('hex')
    const owner = Buffer.from(decodeAccountID(shop.address)).toString('hex')
    const pair = sha512HalfHex(`${id}${KYC}`)
    const expected = sha512HalfHex(`0050${owner}${pair}${'1'.padStart(16, '0')}`)
    expect(
      depositPreauthCredentialsIndex(shop.address, [
        { issuer: issuer.address, credentialType: KYC },
      ]),
    ).toBe(expected)
  })

  it.each([
    ['an empty array: temARRAY_EMPTY', { AuthorizeCredentials: [] }, 'temARRAY_EMPTY'],
    [
      'nine credentials: temARRAY_TOO_LARGE',
      { AuthorizeCredentials: pairs(...Array.from({ length: 9 }, (_, i) => `0${i}`)) },
      'temARRAY_TOO_LARGE',
    ],
    ['a pair twice: temMALFORMED', { AuthorizeCredentials: pairs(KYC, KYC) }, 'temMALFORMED'],
    [
      'Authorize with AuthorizeCredentials: temMALFORMED',
      { AuthorizeCredentials: pairs(KYC), Authorize: sender.address },
      'temMALFORMED',
    ],
    [
      'an issuer with no account: tecNO_ISSUER',
      {
        AuthorizeCredentials: [
          { Credential: { Issuer: testKey(169).address, CredentialType: KYC } },
        ],
      },
      'tecNO_ISSUER',
    ],
    ['a set not preauthorized: tecNO_ENTRY', { UnauthorizeCredentials: pairs(KYC) }, 'tecNO_ENTRY'],
  ])('refuses %s', (_name, fields, expected) => {
    expect(run(shop, { TransactionType: 'DepositPreauth', ...fields })).toBe(expected)
    expect(f.ownerCount(shop)).toBe(0)
  })

  it('refuses the same set again, in any order (tecDUPLICATE)', () => {
    expect(preauthorize(KYC, AML)).toBe('tesSUCCESS')
    expect(preauthorize(AML, KYC)).toBe('tecDUPLICATE')
  })
})

describe('CredentialIDs on a Payment (rippled Payment.cpp, CredentialHelpers.cpp)', () => {
  beforeEach(() => {
    guardShop()
    expect(preauthorize(KYC)).toBe('tesSUCCESS')
  })

  it('pays a DepositAuth destination that preauthorized exactly the credentials presented', () => {
    const kyc = credential(KYC)
    const before = f.balance(shop.address)
    expect(pay()).toBe('tecNO_PERMISSION')
    expect(pay([kyc])).toBe('tesSUCCESS')
    expect(f.balance(shop.address) - before).toBe(5_000_000n)
  })

  it('the exact-set rule: more credentials than the preauthorized set is tecNO_PERMISSION', () => {
    const kyc = credential(KYC)
    const aml = credential(AML)
    expect(pay([kyc, aml])).toBe('tecNO_PERMISSION')
    expect(preauthorize(KYC, AML)).toBe('tesSUCCESS')
    expect(pay([aml, kyc])).toBe('tesSUCCESS')
  })

  it.each([
    ['a credential not accepted', () => credential(KYC, {}, false)],
    ['a missing credential', () => 'AB'.repeat(32)],
    ["another account's credential", () => credential(KYC, {}, true, stranger)],
  ])('%s: tecBAD_CREDENTIALS', (_name, made) => {
    const before = f.balance(shop.address)
    expect(pay([made()])).toBe('tecBAD_CREDENTIALS')
    expect(f.balance(shop.address)).toBe(before)
  })

  it('an expired credential: tecEXPIRED, and the credential is deleted', () => {
    const kyc = credential(KYC, { Expiration: f.now() + 15 })
    f.pass(30)
    expect(pay([kyc])).toBe('tecEXPIRED')
    expect(f.ledger.entry('TESTNET', kyc)).toBeNull()
    expect(f.ownerCount(sender)).toBe(0)
  })

  it('two copies of one id: temMALFORMED', () => {
    const kyc = credential(KYC)
    expect(pay([kyc, kyc])).toBe('temMALFORMED')
  })

  it('without DepositAuth the credentials are still checked (tecBAD_CREDENTIALS), and then not needed', () => {
    expect(run(shop, { TransactionType: 'AccountSet', ClearFlag: 9 })).toBe('tesSUCCESS')
    expect(pay(['CD'.repeat(32)])).toBe('tecBAD_CREDENTIALS')
    expect(pay([credential(AML)])).toBe('tesSUCCESS')
  })
})

describe('CredentialIDs on EscrowFinish, PaymentChannelClaim and AccountDelete (rippled Escrow.cpp, PayChan.cpp, DeleteAccount.cpp)', () => {
  beforeEach(() => {
    guardShop()
    expect(preauthorize(KYC)).toBe('tesSUCCESS')
  })

  it('EscrowFinish: the finisher presents its credentials to the DepositAuth destination', () => {
    const sequence = f.sequence(sender)
    const escrow = {
      TransactionType: 'EscrowCreate',
      Destination: shop.address,
      Amount: '5000000',
      FinishAfter: f.now() + 5,
    }
    expect(run(sender, escrow)).toBe('tesSUCCESS')
    f.pass(20)
    const finish = {
      TransactionType: 'EscrowFinish',
      Owner: sender.address,
      OfferSequence: sequence,
    }
    expect(run(sender, finish)).toBe('tecNO_PERMISSION')
    expect(run(sender, { ...finish, CredentialIDs: ['EF'.repeat(32)] })).toBe('tecBAD_CREDENTIALS')
    const before = f.balance(shop.address)
    expect(run(sender, { ...finish, CredentialIDs: [credential(KYC)] })).toBe('tesSUCCESS')
    expect(f.balance(shop.address) - before).toBe(5_000_000n)
  })

  it('PaymentChannelClaim: the owner claims to the DepositAuth destination with its credentials', () => {
    const open = {
      TransactionType: 'PaymentChannelCreate',
      Destination: shop.address,
      Amount: '5000000',
      SettleDelay: 3600,
      PublicKey: sender.publicKey,
    }
    expect(run(sender, open)).toBe('tesSUCCESS')
    const channel = f.ledger.accountObjects('TESTNET', sender.address, {
      types: ['PayChannel'],
      limit: 10,
    })
    const index = (channel?.objects[0] as { index: string } | undefined)?.index
    const claim = { TransactionType: 'PaymentChannelClaim', Channel: index, Balance: '1000000' }
    expect(run(sender, claim)).toBe('tecNO_PERMISSION')
    expect(run(sender, { ...claim, CredentialIDs: [credential(KYC)] })).toBe('tesSUCCESS')
  })

  it('AccountDelete: credentials let a deleted account send its rest to a DepositAuth destination; its own credentials go with it', () => {
    const kyc = credential(KYC)
    f.pass(10)
    // rippled needs Sequence + 255 ≤ the current ledger: close enough ledgers.
    for (let i = 0; i < 260; i++) f.ledger.close('TESTNET')
    const del = { TransactionType: 'AccountDelete', Destination: shop.address, Fee: '200000' }
    expect(run(sender, del)).toBe('tecNO_PERMISSION')
    expect(run(sender, { ...del, CredentialIDs: ['AB'.repeat(32)] })).toBe('tecBAD_CREDENTIALS')
    expect(run(sender, { ...del, CredentialIDs: [kyc] })).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', sender.address)).toBeNull()
    expect(f.ledger.entry('TESTNET', kyc)).toBeNull()
  })
})

describe('deposit_authorized with credentials (rippled DepositAuthorized.cpp)', () => {
  beforeEach(() => {
    guardShop()
    expect(preauthorize(KYC)).toBe('tesSUCCESS')
  })

  it('is true only with exactly the preauthorized set', () => {
    const kyc = credential(KYC)
    const aml = credential(AML)
    expect(f.ledger.depositAuthorized('TESTNET', sender.address, shop.address)).toBe(false)
    expect(
      f.ledger.depositAuthorized('TESTNET', sender.address, shop.address, 'current', [kyc]),
    ).toBe(true)
    expect(
      f.ledger.depositAuthorized('TESTNET', sender.address, shop.address, 'current', [kyc, aml]),
    ).toBe(false)
  })

  it.each([
    ['missing', () => ['AB'.repeat(32)], "credentials don't exist"],
    ['not accepted', () => [credential(KYC, {}, false)], "credentials aren't accepted"],
    [
      "another account's",
      () => [credential(KYC, {}, true, stranger)],
      "credentials doesn't belong to the root account",
    ],
  ])('answers badCredentials for a credential %s', (_name, ids, message) => {
    expect(
      f.ledger.depositAuthorized('TESTNET', sender.address, shop.address, 'current', ids()),
    ).toEqual({
      badCredentials: message,
    })
  })

  it('answers badCredentials for an expired one', () => {
    const kyc = credential(KYC, { Expiration: f.now() + 15 })
    f.pass(30)
    expect(
      f.ledger.depositAuthorized('TESTNET', sender.address, shop.address, 'current', [kyc]),
    ).toEqual({
      badCredentials: 'credentials are expired',
    })
  })
})
