import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, getBalanceChanges, Wallet } from 'xrpl'
import { createReferenceServer, type ReferenceServer } from '../../src'
import { type Clock, createClock } from '../../src/platform'
import { FAKE_TIMER_CLIENT, xrplWaits } from './xrpl-waits'

let server: ReferenceServer
let client: Client
let clock: Clock
let base: string
const alice = Wallet.generate()
const bob = Wallet.generate()

// Ledgers close every 4 s of the server's manual clock, as on a network: `closeLedger` is one.
const CLOSE_SECONDS = 4
const closeLedger = () => clock.advance(CLOSE_SECONDS)

beforeAll(async () => {
  clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  server = createReferenceServer({ clock, ledgerCloseMs: CLOSE_SECONDS * 1000, rateLimits: false })
  const { api } = await server.listen(0)
  base = api
  server.platform.ledger.fund(alice.classicAddress, 100_000_000n)
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

const { withLedgerClosedAfterWait, submitAnswered } = xrplWaits(() => client, closeLedger)

describe('xrpl.js Client on the reference node', () => {
  it('connects and reads the network id and build version from server_info', () => {
    expect(client.networkID).toBe(1)
    expect(client.buildVersion).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('autofills, submits and waits for validation; balances and metadata agree', async () => {
    const tx = await client.autofill({
      TransactionType: 'Payment',
      Account: alice.classicAddress,
      Destination: bob.classicAddress,
      Amount: '20000000',
    })
    expect((tx as { Sequence?: number }).Sequence).toBe(
      server.platform.ledger.account('TESTNET', alice.classicAddress)?.sequence,
    )
    const result = await withLedgerClosedAfterWait(
      'setTimeout',
      () => client.submitAndWait(tx, { wallet: alice }),
      submitAnswered(),
    )
    expect(result.result.validated).toBe(true)
    const meta = result.result.meta as never
    expect((result.result.meta as { TransactionResult: string }).TransactionResult).toBe(
      'tesSUCCESS',
    )
    const changes = getBalanceChanges(meta)
    const bobChange = changes.find((c) => c.account === bob.classicAddress)
    expect(bobChange?.balances).toEqual([{ currency: 'XRP', value: '20' }])
    expect(await client.getXrpBalance(bob.classicAddress)).toBe(20)
    const balances = await client.getBalances(bob.classicAddress)
    expect(balances).toEqual([{ currency: 'XRP', value: '20' }])
    // What the platform's xrpl-tx answers and what the node's tx answers are one transaction.
    const platform = server.platform.ledger.transaction(result.result.hash)
    expect(platform?.transaction.meta).toEqual(result.result.meta)
    expect(platform?.transaction.ledger_index).toBe(result.result.ledger_index)
  })

  it('follows ledgerClosed and transaction events', async () => {
    await client.request({
      command: 'subscribe',
      streams: ['ledger'],
      accounts: [alice.classicAddress],
    })
    const closed = new Promise<{ ledger_index: number; ledger_hash: string }>((resolve) =>
      client.once('ledgerClosed', resolve),
    )
    const seen = new Promise<{ hash?: string }>((resolve) =>
      client.once('transaction', resolve as never),
    )
    const tx = await client.autofill({
      TransactionType: 'Payment',
      Account: alice.classicAddress,
      Destination: bob.classicAddress,
      Amount: '1000000',
    })
    const signed = alice.sign(tx)
    await client.request({ command: 'submit', tx_blob: signed.tx_blob })
    closeLedger()
    const header = server.platform.ledger.header('TESTNET')
    expect(await closed).toMatchObject({
      ledger_index: header?.ledger_index,
      ledger_hash: header?.ledger_hash,
    })
    expect((await seen).hash).toBe(signed.hash)
  })

  it('funds a wallet through the faucet with fundWallet', async () => {
    const host = new URL(base).host
    const { wallet, balance } = await withLedgerClosedAfterWait(
      'setInterval',
      () =>
        client.fundWallet(null, {
          faucetHost: host,
          faucetProtocol: 'http',
          faucetPath: '/ledger/TESTNET/accounts',
          amount: '50',
        }),
      // fundWallet starts its balance polls once the faucet has answered.
      Promise.resolve(),
    )
    expect(balance).toBe(50)
    expect(server.platform.ledger.account('TESTNET', wallet.classicAddress)?.balance).toBe(
      '50000000',
    )
  })

  it('answers errors in rippled’s envelope', async () => {
    await expect(
      client.request({ command: 'account_info', account: 'rNotAnAddress' } as never),
    ).rejects.toMatchObject({
      data: { error: 'actMalformed', error_code: 35, status: 'error' },
    })
    await expect(client.request({ command: 'no_such_command' } as never)).rejects.toMatchObject({
      data: { error: 'unknownCmd', error_code: 32 },
    })
  })
})
