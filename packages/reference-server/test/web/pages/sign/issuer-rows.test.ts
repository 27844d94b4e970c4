import { describe, expect, it } from 'vitest'
import { transactionRows } from '../../../../src/web/pages/sign/transaction-rows'

// The sign page's words for an issuer's tools (docs/protocol.md §8.15, §8.16; rippled
// Clawback.cpp, Credentials.cpp, DepositPreauth.cpp, SetTrust.cpp).
const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const HOLDER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'

const texts = (tx: Record<string, unknown>) =>
  Object.fromEntries(
    transactionRows(tx as never).map((row) => [
      row.label,
      row.value.kind === 'text' ? row.value.text : row.value.kind,
    ]),
  )

describe('sign page: Clawback, Credentials, DepositPreauth credentials, TrustSet deep freeze', () => {
  it('a Clawback names the holder its Amount.issuer holds (rippled Clawback.cpp)', () => {
    const tx = {
      TransactionType: 'Clawback',
      Amount: { currency: 'USD', issuer: HOLDER, value: '20' },
    }
    expect(texts(tx)).toEqual({
      'Claw back': `20 USD from the holder ${HOLDER}, back to you, its issuer`,
    })
  })

  it('a CredentialCreate reads its type as text and its subject (rippled Credentials.cpp)', () => {
    const tx = { TransactionType: 'CredentialCreate', Subject: HOLDER, CredentialType: '4B5943' }
    expect(texts(tx)).toEqual({ 'Given to': HOLDER, 'Credential type': 'KYC' })
  })

  it('a CredentialAccept names the issuer', () => {
    const tx = { TransactionType: 'CredentialAccept', Issuer: ISSUER, CredentialType: '4B5943' }
    expect(texts(tx)).toEqual({ 'Issued by': ISSUER, 'Credential type': 'KYC' })
  })

  it('a DepositPreauth with AuthorizeCredentials lists them by type and issuer (rippled DepositPreauth.cpp)', () => {
    const tx = {
      TransactionType: 'DepositPreauth',
      AuthorizeCredentials: [{ Credential: { Issuer: ISSUER, CredentialType: '4B5943' } }],
    }
    expect(texts(tx)).toEqual({ 'Accept deposits from holders of': `KYC from ${ISSUER}` })
  })

  it('a Payment with CredentialIDs lists them', () => {
    const id = 'AB'.repeat(32)
    const tx = { TransactionType: 'Payment', Destination: HOLDER, CredentialIDs: [id] }
    expect(texts(tx)['Credentials presented']).toBe(id)
  })

  it("a TrustSet's flags in words, the deep freeze among them (rippled SetTrust.cpp)", () => {
    const tx = {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'USD', issuer: HOLDER, value: '0' },
      Flags: 0x00100000 | 0x00400000,
    }
    expect(texts(tx).Flags).toBe(
      'freeze the line (tfSetFreeze), deep freeze: the holder can neither send nor receive but with the issuer (tfSetDeepFreeze)',
    )
  })
})
