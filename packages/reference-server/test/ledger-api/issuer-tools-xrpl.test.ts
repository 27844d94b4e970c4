import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AccountSetAsfFlags,
  type Client,
  convertStringToHex,
  type DepositPreauth,
  type Payment,
  type SubmittableTransaction,
  type TrustSet,
  Wallet,
} from 'xrpl'
import type { ReferenceServer } from '../../src'
import { credentialIndex } from '../../src/ledger/state/keylets'
import { startNode, submitValidated } from './start-node'

// xrpl.js 5.3.0's models of issue 42 §2's types, autofilled, signed (its `validate` runs) and
// submitted over the node's WebSocket (docs/protocol.md §8.15, §8.16): Clawback (rippled
// Clawback.cpp), Credentials (Credentials.cpp), DepositPreauth's credential form
// (DepositPreauth.cpp), a Payment with CredentialIDs (Payment.cpp), and the reads
// (DepositAuthorized.cpp, LedgerEntry.cpp, AccountObjects.cpp).
const issuer = Wallet.generate()
const holder = Wallet.generate()
const shop = Wallet.generate()
const KYC = convertStringToHex('KYC')

let server: ReferenceServer
let client: Client
beforeAll(async () => {
  ;({ server, client } = await startNode(
    [issuer.classicAddress, holder.classicAddress, shop.classicAddress],
    100_000_000n,
  ))
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

const result = async (tx: SubmittableTransaction, wallet: Wallet) => {
  const validated = await submitValidated(client, tx, wallet)
  return (validated.meta as { TransactionResult: string }).TransactionResult
}

describe('xrpl.js models of Clawback and Credentials on the node', () => {
  it('Clawback: an issuer that allowed it takes its USD back from a holder', async () => {
    const allow = {
      TransactionType: 'AccountSet',
      Account: issuer.classicAddress,
      SetFlag: AccountSetAsfFlags.asfAllowTrustLineClawback,
    } as const
    expect(await result(allow, issuer)).toBe('tesSUCCESS')
    const usd = (value: string, by: Wallet) => ({
      currency: 'USD',
      issuer: by.classicAddress,
      value,
    })
    const trust = {
      TransactionType: 'TrustSet',
      Account: holder.classicAddress,
      LimitAmount: usd('100', issuer),
    } as const
    expect(await result(trust, holder)).toBe('tesSUCCESS')
    const issue = {
      TransactionType: 'Payment',
      Account: issuer.classicAddress,
      Destination: holder.classicAddress,
      Amount: usd('50', issuer),
    } as const
    expect(await result(issue, issuer)).toBe('tesSUCCESS')
    const claw = {
      TransactionType: 'Clawback',
      Account: issuer.classicAddress,
      Amount: usd('20', holder),
    } as const
    expect(await result(claw, issuer)).toBe('tesSUCCESS')
    const lines = await client.request({ command: 'account_lines', account: holder.classicAddress })
    expect(lines.result.lines[0]?.balance).toBe('30')
  })

  it('TrustSet with tfSetFreeze and tfSetDeepFreeze deep-freezes the line (rippled SetTrust.cpp), and tfClearFreeze with tfClearDeepFreeze clears it', async () => {
    const deep: TrustSet = {
      TransactionType: 'TrustSet',
      Account: issuer.classicAddress,
      LimitAmount: { currency: 'USD', issuer: holder.classicAddress, value: '0' },
      Flags: { tfSetFreeze: true, tfSetDeepFreeze: true },
    }
    expect(await result(deep, issuer)).toBe('tesSUCCESS')
    const line = await client.request({
      command: 'ledger_entry',
      ripple_state: { accounts: [holder.classicAddress, issuer.classicAddress], currency: 'USD' },
    })
    const flags = (line.result.node as { Flags: number }).Flags
    expect(flags & (0x02000000 | 0x04000000)).not.toBe(0)
    const clear: TrustSet = { ...deep, Flags: { tfClearFreeze: true, tfClearDeepFreeze: true } }
    expect(await result(clear, issuer)).toBe('tesSUCCESS')
  })

  it('CredentialCreate and CredentialAccept, then the reads: ledger_entry credential, account_objects credential', async () => {
    const create = {
      TransactionType: 'CredentialCreate',
      Account: issuer.classicAddress,
      Subject: holder.classicAddress,
      CredentialType: KYC,
    } as const
    expect(await result(create, issuer)).toBe('tesSUCCESS')
    const acceptTx = {
      TransactionType: 'CredentialAccept',
      Account: holder.classicAddress,
      Issuer: issuer.classicAddress,
      CredentialType: KYC,
    } as const
    expect(await result(acceptTx, holder)).toBe('tesSUCCESS')
    const entry = await client.request({
      command: 'ledger_entry',
      credential: {
        subject: holder.classicAddress,
        issuer: issuer.classicAddress,
        credential_type: KYC,
      },
    } as never)
    const { index, node } = (entry as { result: { index: string; node: Record<string, unknown> } })
      .result
    expect(index).toBe(credentialIndex(holder.classicAddress, issuer.classicAddress, KYC))
    expect(node).toMatchObject({ LedgerEntryType: 'Credential', Flags: 0x00010000 })
    const objects = await client.request({
      command: 'account_objects',
      account: holder.classicAddress,
      type: 'credential',
    } as never)
    const listed = (objects as { result: { account_objects: { index: string }[] } }).result
    expect(listed.account_objects.map((object) => object.index)).toEqual([index])
  })

  it('DepositPreauth AuthorizeCredentials, a Payment with CredentialIDs, deposit_authorized with credentials, ledger_entry deposit_preauth', async () => {
    const guard = {
      TransactionType: 'AccountSet',
      Account: shop.classicAddress,
      SetFlag: AccountSetAsfFlags.asfDepositAuth,
    } as const
    expect(await result(guard, shop)).toBe('tesSUCCESS')
    const preauth: DepositPreauth = {
      TransactionType: 'DepositPreauth',
      Account: shop.classicAddress,
      AuthorizeCredentials: [
        { Credential: { Issuer: issuer.classicAddress, CredentialType: KYC } },
      ],
    } as const
    expect(await result(preauth, shop)).toBe('tesSUCCESS')
    const id = credentialIndex(holder.classicAddress, issuer.classicAddress, KYC)
    const asked = await client.request({
      command: 'deposit_authorized',
      source_account: holder.classicAddress,
      destination_account: shop.classicAddress,
      credentials: [id],
    } as never)
    expect((asked as { result: Record<string, unknown> }).result).toMatchObject({
      credentials: [id],
      deposit_authorized: true,
    })
    const pay: Payment = {
      TransactionType: 'Payment',
      Account: holder.classicAddress,
      Destination: shop.classicAddress,
      Amount: '2000000',
      CredentialIDs: [id],
    }
    expect(await result(pay, holder)).toBe('tesSUCCESS')
    const { CredentialIDs: _, ...plain } = pay
    expect(await result(plain, holder)).toBe('tecNO_PERMISSION')
    const found = await client.request({
      command: 'ledger_entry',
      deposit_preauth: {
        owner: shop.classicAddress,
        authorized_credentials: [{ issuer: issuer.classicAddress, credential_type: KYC }],
      },
    } as never)
    expect((found as { result: { node: Record<string, unknown> } }).result.node).toMatchObject({
      LedgerEntryType: 'DepositPreauth',
      Account: shop.classicAddress,
    })
  })

  it('deposit_authorized answers badCredentials for a credential that does not exist', async () => {
    await expect(
      client.request({
        command: 'deposit_authorized',
        source_account: holder.classicAddress,
        destination_account: shop.classicAddress,
        credentials: ['AB'.repeat(32)],
      } as never),
    ).rejects.toMatchObject({
      data: { error: 'badCredentials', error_message: "credentials don't exist" },
    })
  })

  it('CredentialDelete by the subject removes it', async () => {
    const del = {
      TransactionType: 'CredentialDelete',
      Account: holder.classicAddress,
      Issuer: issuer.classicAddress,
      CredentialType: KYC,
    } as const
    expect(await result(del, holder)).toBe('tesSUCCESS')
    await expect(
      client.request({
        command: 'ledger_entry',
        credential: credentialIndex(holder.classicAddress, issuer.classicAddress, KYC),
      } as never),
    ).rejects.toMatchObject({ data: { error: 'entryNotFound' } })
  })
})
