import { decodeAccountID } from 'ripple-address-codec'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, type TransactionStream, Wallet } from 'xrpl'
import type { ReferenceServer } from '../../src'
import { affectedAccounts } from '../../src/ledger'
import { XRPL_CODEC } from '../../src/ledger/codec/network-codec'
import type { AffectedNode } from '../../src/ledger/state/transaction-meta'
import { startNode, submitValidated } from './start-node'

let server: ReferenceServer
let client: Client
const alice = Wallet.generate()
// Never funded: named only as alice's regular key.
const key = Wallet.generate()

beforeAll(async () => {
  ;({ server, client } = await startNode([alice.classicAddress], 1_000_000_000n))
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

const historyOf = async (account: string) =>
  (await client.request({ command: 'account_tx', account })).result.transactions.map(
    (entry) => entry.hash,
  )

describe('the accounts a transaction affected (rippled TxMeta.cpp getAffectedAccounts)', () => {
  it('account_tx and the accounts stream list a transaction under an account its final fields name, not one only its previous fields name', async () => {
    const streamed: string[] = []
    const listener = new Client(client.url)
    await listener.connect()
    listener.on('transaction', (event: TransactionStream) => streamed.push(event.hash ?? ''))
    await listener.request({ command: 'subscribe', accounts: [key.classicAddress] })
    const set = await submitValidated(
      client,
      {
        TransactionType: 'SetRegularKey',
        Account: alice.classicAddress,
        RegularKey: key.classicAddress,
      },
      alice,
    )
    // Clearing the key leaves it in the AccountRoot's PreviousFields only.
    const cleared = await submitValidated(
      client,
      { TransactionType: 'SetRegularKey', Account: alice.classicAddress },
      alice,
    )
    // One more frame on the socket: every stream message of both closes has arrived before it.
    await listener.request({ command: 'ping' })
    await listener.disconnect()
    expect(await historyOf(key.classicAddress)).toEqual([set.hash])
    expect(streamed).toEqual([set.hash])
    expect(await historyOf(alice.classicAddress)).toEqual([cleared.hash, set.hash])
  })

  it('counts every AccountID field of the definitions, the issuers of limits and offer amounts, and the issuer inside an MPTokenIssuanceID', () => {
    const [subject, issuer, low, high, pays, holder, mptIssuer, previous] = Array.from(
      { length: 8 },
      () => Wallet.generate().classicAddress,
    )
    // An issuance ID: the issuer's sequence (4 bytes), then its AccountID.
    const issuanceId = `0000002A${Buffer.from(decodeAccountID(mptIssuer ?? '')).toString('hex')}`
    const nodes: AffectedNode[] = [
      {
        CreatedNode: {
          LedgerEntryType: 'Credential',
          LedgerIndex: '0'.repeat(64),
          NewFields: { Subject: subject ?? '', Issuer: issuer ?? '', CredentialType: '4B5943' },
        },
      },
      {
        ModifiedNode: {
          LedgerEntryType: 'RippleState',
          LedgerIndex: '1'.repeat(64),
          FinalFields: {
            LowLimit: { currency: 'USD', issuer: low ?? '', value: '0' },
            HighLimit: { currency: 'USD', issuer: high ?? '', value: '10' },
          },
          PreviousFields: { HighLimit: { currency: 'USD', issuer: previous ?? '', value: '0' } },
        },
      },
      {
        DeletedNode: {
          LedgerEntryType: 'Offer',
          LedgerIndex: '2'.repeat(64),
          FinalFields: {
            TakerPays: { currency: 'EUR', issuer: pays ?? '', value: '1' },
            TakerGets: '1000000',
          },
        },
      },
      {
        ModifiedNode: {
          LedgerEntryType: 'MPToken',
          LedgerIndex: '3'.repeat(64),
          FinalFields: { Account: holder ?? '', MPTokenIssuanceID: issuanceId.toUpperCase() },
        },
      },
    ]
    expect([...affectedAccounts(nodes, XRPL_CODEC.definitions)].sort()).toEqual(
      [subject, issuer, low, high, pays, holder, mptIssuer].sort(),
    )
  })
})
