import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  Client,
  MPTokenIssuanceCreateFlags,
  MPTokenIssuanceSetFlags,
  type SubmittableTransaction,
  Wallet,
} from 'xrpl'
import { createReferenceServer, type ReferenceServer } from '../../src'
import { type Clock, createClock } from '../../src/platform'
import { FAKE_TIMER_CLIENT, xrplWaits } from './xrpl-waits'

let server: ReferenceServer
let client: Client
let clock: Clock
const issuer = Wallet.generate()
const alice = Wallet.generate()
const bob = Wallet.generate()

const CLOSE_SECONDS = 4
const closeLedger = () => clock.advance(CLOSE_SECONDS)
const { withLedgerClosedAfterWait, submitAnswered } = xrplWaits(() => client, closeLedger)

beforeAll(async () => {
  clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  server = createReferenceServer({ clock, ledgerCloseMs: CLOSE_SECONDS * 1000, rateLimits: false })
  const { api } = await server.listen(0)
  for (const wallet of [issuer, alice, bob]) {
    server.platform.ledger.fund(wallet.classicAddress, 100_000_000n)
  }
  client = new Client(`${api.replace(/^http/, 'ws')}/ledger/TESTNET`, FAKE_TIMER_CLIENT)
  await client.connect()
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

// xrpl.js's own models: autofill (Fee, Sequence, LastLedgerSequence), sign, submitAndWait.
const submitted = async (tx: SubmittableTransaction, wallet: Wallet) => {
  const prepared = await client.autofill(tx)
  const { result } = await withLedgerClosedAfterWait(
    'setTimeout',
    () => client.submitAndWait(prepared, { wallet }),
    submitAnswered(),
  )
  return result as unknown as {
    validated: boolean
    meta: { TransactionResult: string; mpt_issuance_id?: string; delivered_amount?: unknown }
  }
}

describe('xrpl.js 5.3.0 MPT models on the reference node [rippled MPTokenIssuanceCreate.cpp, MPTokenAuthorize.cpp, Payment.cpp, Clawback.cpp]', () => {
  it('issues, opts in, pays with a fee, locks, claws back, and reads it all back', async () => {
    const created = await submitted(
      {
        TransactionType: 'MPTokenIssuanceCreate',
        Account: issuer.classicAddress,
        AssetScale: 2,
        TransferFee: 1000,
        MaximumAmount: '1000000',
        Flags:
          MPTokenIssuanceCreateFlags.tfMPTCanTransfer |
          MPTokenIssuanceCreateFlags.tfMPTCanLock |
          MPTokenIssuanceCreateFlags.tfMPTCanClawback,
      },
      issuer,
    )
    expect(created.validated).toBe(true)
    const mptId = created.meta.mpt_issuance_id as string
    expect(mptId).toMatch(/^[0-9A-F]{48}$/)
    const amount = (value: string) => ({ mpt_issuance_id: mptId, value })

    for (const holder of [alice, bob]) {
      const optIn = await submitted(
        {
          TransactionType: 'MPTokenAuthorize',
          Account: holder.classicAddress,
          MPTokenIssuanceID: mptId,
        },
        holder,
      )
      expect(optIn.meta.TransactionResult).toBe('tesSUCCESS')
    }
    const minted = await submitted(
      {
        TransactionType: 'Payment',
        Account: issuer.classicAddress,
        Destination: alice.classicAddress,
        Amount: amount('5000'),
      },
      issuer,
    )
    expect(minted.meta.delivered_amount).toEqual(amount('5000'))
    // 1 % fee: bob gets 1000, alice pays 1010, 10 are burned.
    const paid = await submitted(
      {
        TransactionType: 'Payment',
        Account: alice.classicAddress,
        Destination: bob.classicAddress,
        Amount: amount('1000'),
        SendMax: amount('1010'),
      },
      alice,
    )
    expect(paid.meta.TransactionResult).toBe('tesSUCCESS')

    const issuance = await client.request({
      command: 'ledger_entry',
      mpt_issuance: mptId,
      ledger_index: 'validated',
    })
    expect(issuance.result.node).toMatchObject({
      LedgerEntryType: 'MPTokenIssuance',
      OutstandingAmount: '4990',
      AssetScale: 2,
      TransferFee: 1000,
    })
    const token = await client.request({
      command: 'ledger_entry',
      mptoken: { mpt_issuance_id: mptId, account: alice.classicAddress },
      ledger_index: 'validated',
    })
    expect(token.result.node).toMatchObject({ LedgerEntryType: 'MPToken', MPTAmount: '3990' })
    const owned = await client.request({
      command: 'account_objects',
      account: bob.classicAddress,
      type: 'mptoken',
      ledger_index: 'validated',
    })
    expect(owned.result.account_objects).toEqual([
      expect.objectContaining({ MPTAmount: '1000', MPTokenIssuanceID: mptId }),
    ])

    const locked = await submitted(
      {
        TransactionType: 'MPTokenIssuanceSet',
        Account: issuer.classicAddress,
        MPTokenIssuanceID: mptId,
        Holder: bob.classicAddress,
        Flags: MPTokenIssuanceSetFlags.tfMPTLock,
      },
      issuer,
    )
    expect(locked.meta.TransactionResult).toBe('tesSUCCESS')
    const refused = await submitted(
      {
        TransactionType: 'Payment',
        Account: bob.classicAddress,
        Destination: alice.classicAddress,
        Amount: amount('10'),
        SendMax: amount('11'),
      },
      bob,
    )
    expect(refused.meta.TransactionResult).toBe('tecLOCKED')
    const clawed = await submitted(
      {
        TransactionType: 'Clawback',
        Account: issuer.classicAddress,
        Amount: amount('400'),
        Holder: bob.classicAddress,
      },
      issuer,
    )
    expect(clawed.meta.TransactionResult).toBe('tesSUCCESS')

    // Clio's mpt_holders, which the node answers too (an extension).
    const holders = (await client.request({
      command: 'mpt_holders',
      mpt_issuance_id: mptId,
      ledger_index: 'validated',
    } as never)) as unknown as { result: { mptokens: { account: string; mpt_amount: string }[] } }
    const byAccount = Object.fromEntries(
      holders.result.mptokens.map((holder) => [holder.account, holder.mpt_amount]),
    )
    expect(byAccount).toEqual({ [alice.classicAddress]: '3990', [bob.classicAddress]: '600' })
  })
})
