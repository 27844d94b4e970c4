import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, decode, encode, type Payment, Wallet } from 'xrpl'
import type { ReferenceServer } from '../../src'
import { startNode } from './start-node'

// `simulate` as released (rippled src/xrpld/rpc/handlers/Simulate.cpp, XLS-69): an unsigned
// transaction autofilled and applied by the ledger's own engine to a throw-away copy of the open
// ledger, answered in rippled's shape, kept nowhere; xrpl.js 5.3.0's `client.simulate` unchanged.
const UNIT = 1_000_000n
const alice = Wallet.generate()
const bob = Wallet.generate()
let server: ReferenceServer
let client: Client
let rpcUrl: string

beforeAll(async () => {
  ;({ server, client } = await startNode([alice.classicAddress, bob.classicAddress], 100n * UNIT))
  rpcUrl = `${client.url.replace(/^ws/, 'http')}`
})
afterAll(async () => {
  await client.disconnect()
  await server.close()
})

const payment = (drops: bigint): Payment => ({
  TransactionType: 'Payment',
  Account: alice.classicAddress,
  Destination: bob.classicAddress,
  Amount: String(drops),
})

// What a simulation must leave as it was: the open ledger's accounts, its transactions, its index.
const openLedger = async () => {
  const info = async (account: string) =>
    (await client.request({ command: 'account_info', account, ledger_index: 'current' })).result
      .account_data
  const current = (await client.request({ command: 'ledger_current' })).result
  const { result } = await client.request({
    command: 'ledger',
    ledger_index: 'current',
    transactions: true,
  })
  return {
    alice: await info(alice.classicAddress),
    bob: await info(bob.classicAddress),
    current,
    transactions: result.ledger.transactions ?? [],
  }
}

const raw = (request: Record<string, unknown>) =>
  client.connection.request({ command: 'simulate', ...request } as never) as Promise<{
    result: Record<string, unknown>
  }>
const rawError = (request: Record<string, unknown>) =>
  raw(request).then(
    () => null,
    (error: { data?: Record<string, unknown> }) => error.data,
  )

describe('simulate [rippled Simulate.cpp]', () => {
  it('client.simulate answers what the Payment would do: autofilled, tesSUCCESS with its meta and delivered_amount, applied false', async () => {
    const before = await openLedger()
    const { result } = await client.simulate(payment(5n * UNIT))
    expect(result).toMatchObject({
      applied: false,
      engine_result: 'tesSUCCESS',
      engine_result_code: 0,
      engine_result_message: 'The simulated transaction would have been applied.',
      ledger_index: before.current.ledger_current_index,
      tx_json: {
        Account: alice.classicAddress,
        Fee: server.platform.ledger.fee('TESTNET'),
        Sequence: before.alice.Sequence,
        SigningPubKey: '',
        TransactionType: 'Payment',
      },
    })
    expect(result.meta).toMatchObject({
      TransactionResult: 'tesSUCCESS',
      TransactionIndex: 0,
      delivered_amount: String(5n * UNIT),
    })
    const changed = (result.meta?.AffectedNodes ?? []).map(
      (node) => ('ModifiedNode' in node ? node.ModifiedNode.FinalFields?.Account : null) ?? null,
    )
    expect(changed.sort()).toEqual([alice.classicAddress, bob.classicAddress].sort())
    // Kept nowhere: the open ledger, its accounts and its transactions are as they were.
    expect(await openLedger()).toEqual(before)
  })

  it('is the same engine as submit: the signed transaction applies with the metadata the simulation showed', async () => {
    const prepared = await client.autofill(payment(7n * UNIT))
    const simulated = (await client.simulate(prepared)).result
    const submitted = await client.submit(alice.sign(prepared).tx_blob)
    expect(submitted.result.engine_result).toBe('tesSUCCESS')
    const { result } = await client.request({
      command: 'tx',
      transaction: submitted.result.tx_json.hash as string,
    })
    const nodes = (meta: unknown) =>
      JSON.stringify((meta as { AffectedNodes: unknown[] }).AffectedNodes).replaceAll(
        /"PreviousTxnID":"[0-9A-F]{64}"/g,
        '',
      )
    expect(nodes(result.meta)).toEqual(nodes(simulated.meta))
  })

  it('a tec result shows the fee it would charge, and still nothing is kept', async () => {
    const before = await openLedger()
    const { result } = await client.simulate(payment(1_000n * UNIT))
    expect(result.engine_result).toBe('tecUNFUNDED_PAYMENT')
    expect(result.meta?.TransactionResult).toBe('tecUNFUNDED_PAYMENT')
    expect(await openLedger()).toEqual(before)
  })

  it('a result that would not apply has no meta (terPRE_SEQ for a Sequence ahead)', async () => {
    const { Sequence } = (await openLedger()).alice
    const { result } = await client.simulate({ ...payment(UNIT), Sequence: Sequence + 5 })
    expect(result.engine_result).toBe('terPRE_SEQ')
    expect(result.meta).toBeUndefined()
  })

  it('binary: tx_blob in, tx_blob and meta_blob out, both decoding', async () => {
    const blob = encode(payment(2n * UNIT))
    const { result } = await client.simulate(blob, { binary: true })
    expect(result.engine_result).toBe('tesSUCCESS')
    expect(decode(result.tx_blob)).toMatchObject({ Amount: String(2n * UNIT), SigningPubKey: '' })
    expect(decode(result.meta_blob as string)).toMatchObject({ TransactionResult: 'tesSUCCESS' })
  })

  it('publishes nothing on the transactions stream and leaves the next ledger without it', async () => {
    const accept = async () =>
      (
        (await client.request({ command: 'ledger_accept' } as never)) as {
          result: { ledger_current_index: number }
        }
      ).result.ledger_current_index
    await accept()
    const heard: unknown[] = []
    client.on('transaction', (tx) => heard.push(tx))
    await client.request({ command: 'subscribe', streams: ['transactions'] })
    await client.simulate(payment(UNIT))
    const next = await accept()
    const { result } = await client.request({
      command: 'ledger',
      ledger_index: next - 1,
      transactions: true,
    })
    expect(result.ledger.transactions).toEqual([])
    expect(heard).toEqual([])
    await client.request({ command: 'unsubscribe', streams: ['transactions'] })
  })

  it('over JSON-RPC, the same answer', async () => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'simulate', params: [{ tx_json: payment(UNIT) }] }),
    })
    const { result } = (await response.json()) as { result: Record<string, unknown> }
    expect(result).toMatchObject({ status: 'success', engine_result: 'tesSUCCESS', applied: false })
  })

  it('a Batch is notImpl, as released servers answer', async () => {
    const batch = {
      TransactionType: 'Batch',
      Account: alice.classicAddress,
      Flags: 0x00010000,
      RawTransactions: [
        {
          RawTransaction: {
            ...payment(UNIT),
            Flags: 0x40000000,
            Fee: '0',
            SigningPubKey: '',
            Sequence: 1,
          },
        },
        {
          RawTransaction: {
            ...payment(UNIT),
            Flags: 0x40000000,
            Fee: '0',
            SigningPubKey: '',
            Sequence: 2,
          },
        },
      ],
    }
    expect(await rawError({ tx_json: batch })).toMatchObject({ error: 'notImpl' })
  })

  it.each([
    [
      'neither tx_json nor tx_blob',
      {},
      'invalidParams',
      'Neither `tx_blob` nor `tx_json` included.',
    ],
    [
      'both',
      { tx_json: {}, tx_blob: '00' },
      'invalidParams',
      'Can only include one of `tx_blob` and `tx_json`.',
    ],
    [
      'a tx_json that is not an object',
      { tx_json: 'Payment' },
      'invalidParams',
      "Invalid field 'tx_json', not object.",
    ],
    ['a tx_blob that is not hex', { tx_blob: 'zz' }, 'invalidParams', "Invalid field 'tx_blob'."],
    [
      'a tx_blob that does not decode',
      { tx_blob: 'FFFF' },
      'invalidParams',
      "Invalid field 'tx_blob'.",
    ],
    [
      'no TransactionType',
      { tx_json: { Account: 'r' } },
      'invalidParams',
      "Missing field 'tx.TransactionType'.",
    ],
    [
      'no Account',
      { tx_json: { TransactionType: 'AccountSet' } },
      'invalidParams',
      "Missing field 'tx.Account'.",
    ],
    ['a secret', { tx_json: {}, secret: 's' }, 'invalidParams', "Invalid field 'secret'."],
    [
      'a binary that is not a boolean',
      { tx_json: {}, binary: 'yes' },
      'invalidParams',
      "Invalid field 'binary'.",
    ],
    [
      'a malformed Account',
      { tx_json: { TransactionType: 'AccountSet', Account: 'rNope' } },
      'srcActMalformed',
      "Invalid field 'tx.Account'.",
    ],
    [
      'an account not in the ledger',
      { tx_json: { TransactionType: 'AccountSet', Account: Wallet.generate().classicAddress } },
      'srcActNotFound',
      'Source account not found.',
    ],
    [
      'a signature',
      {
        tx_json: {
          TransactionType: 'AccountSet',
          Account: alice.classicAddress,
          TxnSignature: 'AB',
        },
      },
      'transactionSigned',
      'Transaction should not be signed.',
    ],
    [
      'a signed multisigner',
      {
        tx_json: {
          TransactionType: 'AccountSet',
          Account: alice.classicAddress,
          Signers: [{ Signer: { Account: bob.classicAddress, TxnSignature: 'AB' } }],
        },
      },
      'transactionSigned',
      'Transaction should not be signed.',
    ],
    [
      'Signers that is not an array',
      { tx_json: { TransactionType: 'AccountSet', Account: alice.classicAddress, Signers: {} } },
      'invalidParams',
      "Invalid field 'tx.Signers'.",
    ],
  ])('refuses %s: %s, nothing kept', async (_, request, error, message) => {
    const before = await openLedger()
    expect(await rawError(request)).toMatchObject({ error, error_message: message })
    expect(await openLedger()).toEqual(before)
  })
})
