import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, Wallet } from 'xrpl'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'
import { FAKE_TIMER_CLIENT } from '../ledger-api/xrpl-waits'

// Event-loop turns, not time, until `ready` holds: the socket exchanges in flight end.
const turnsUntil = async (ready: () => boolean) => {
  while (!ready()) await new Promise((resolve) => setImmediate(resolve))
}

describe('the kit validates at once (automine, docs/testing-ledger.md)', () => {
  let env: InProcessTestEnvironment
  // What happened, in order: ledger closes, §4 resolve messages and webhook deliveries.
  const seen: string[] = []
  const webhook = async () => {
    seen.push('webhook')
    return new Response(null, { status: 200 })
  }

  beforeAll(async () => {
    env = await createTestEnvironment({ clock: 'manual', server: { fetch: webhook } })
    env.server.platform.applications.update(env.application.uuid, {
      webhookUrl: 'https://shop.example/webhook',
    })
    env.server.platform.ledger.onClose(({ network, transactions }) => {
      for (const tx of transactions()) seen.push(`validated ${network} ${tx.txid}`)
    })
  })
  afterEach(() => {
    seen.length = 0
    vi.useRealTimers()
  })
  afterAll(() => env.close())

  const addressOf = (user: 0 | 1) => env.users[user].accounts[0]?.address as string

  it('a signed payment is validated, then its resolve message is sent, then its webhook (§3.5)', async () => {
    const { uuid } = await env.client.payload.create({
      txjson: { TransactionType: 'Payment', Destination: addressOf(1), Amount: '1000000' },
      options: { force_network: 'TESTNET' },
    })
    env.server.platform.payloads.subscribe(uuid, (message) => {
      if ('payload_uuidv4' in message) seen.push(`resolved ${message.txid}`)
    })
    const record = await env.users[0].sign(uuid)
    await env.server.platform.webhooks.settled()
    const txid = record.response.txid
    expect(record.response.dispatched_result).toBe('tesSUCCESS')
    expect(seen).toEqual([`validated TESTNET ${txid}`, `resolved ${txid}`, 'webhook'])
    expect(env.server.platform.ledger.account('TESTNET', addressOf(1), 'validated')?.balance).toBe(
      '1001000000',
    )
  })

  it('the autopilot’s signature is validated before the resolve message reaches the client', async () => {
    // A second after creation: the client is subscribed by then (afterMs 0 could answer first).
    env.server.wallet.autopilot({ user: env.users[0].uuid, answer: 'sign', afterMs: 1000 })
    const { resolved } = await env.client.payload.createAndSubscribe(
      {
        txjson: { TransactionType: 'Payment', Destination: addressOf(1), Amount: '2000000' },
        options: { force_network: 'TESTNET' },
      },
      (event) => {
        if (event.type !== 'resolved') return undefined
        // The hint's txid is already a validated transaction on the node the record names.
        const txid = event.data?.txid ?? ''
        return env.server.platform.ledger.transaction(txid, 'TESTNET')?.transaction.validated
      },
    )
    await env.advance(1)
    expect(await resolved).toBe(true)
    env.server.wallet.clearAutopilot()
  })

  it('a Batch and its inner transactions are validated when the signature returns (§8.4)', async () => {
    const [alice, bob] = [addressOf(0), addressOf(1)]
    const sequence = env.server.platform.ledger.account('TESTNET', alice)?.sequence ?? 0
    const inner = (offset: number, drops: string) => ({
      RawTransaction: {
        TransactionType: 'Payment',
        Account: alice,
        Destination: bob,
        Amount: drops,
        Sequence: sequence + offset,
        Fee: '0',
        SigningPubKey: '',
        Flags: 0x40000000,
      },
    })
    const before = BigInt(
      env.server.platform.ledger.account('TESTNET', bob, 'validated')?.balance ?? '0',
    )
    const { uuid } = await env.client.payload.create({
      txjson: {
        TransactionType: 'Batch',
        Account: alice,
        Sequence: sequence,
        Flags: 65536,
        RawTransactions: [inner(1, '1000000'), inner(2, '3000000')],
      },
      options: { force_network: 'TESTNET' },
    })
    const record = await env.users[0].sign(uuid)
    expect(record.response.dispatched_result).toBe('tesSUCCESS')
    const after = env.server.platform.ledger.account('TESTNET', bob, 'validated')?.balance
    expect(BigInt(after ?? '0') - before).toBe(4_000_000n)
    expect(seen.filter((line) => line.startsWith('validated'))).toHaveLength(3)
  })

  it('xrpl.js: the faucet’s payment is validated when it answers, submitAndWait’s at its first look', async () => {
    const client = new Client(env.ledger.TESTNET.ws, FAKE_TIMER_CLIENT)
    await client.connect()
    try {
      const faucet = await fetch(env.ledger.TESTNET.faucet, { method: 'POST', body: '{}' })
      const funded = (await faucet.json()) as {
        account: { classicAddress: string; secret: string }
        transactionHash: string
      }
      const fundTx = await client.request({ command: 'tx', transaction: funded.transactionHash })
      expect(fundTx.result.validated).toBe(true)
      const wallet = Wallet.fromSeed(funded.account.secret)
      const tx = await client.autofill({
        TransactionType: 'Payment',
        Account: wallet.classicAddress,
        Destination: addressOf(1),
        Amount: '5000000',
      })
      // submitAndWait sleeps 1 s (setTimeout) before each look: once the node has answered the
      // submission, that sleep is the only timer, and it is let pass once.
      const answered = new Promise<void>((resolve) => {
        const seen = (data: { result?: { engine_result?: string } }) => {
          if (data.result?.engine_result === undefined) return
          client.connection.off('response', seen)
          resolve()
        }
        client.connection.on('response', seen)
      })
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const outcome = client.submitAndWait(tx, { wallet })
      await answered
      await turnsUntil(() => vi.getTimerCount() > 0)
      expect(vi.getTimerCount()).toBe(1)
      await vi.advanceTimersByTimeAsync(1000)
      const result = await outcome
      expect(result.result).toMatchObject({
        validated: true,
        meta: { TransactionResult: 'tesSUCCESS' },
      })
    } finally {
      await client.disconnect()
    }
  })
})

describe("ledger: {close: 'interval', ms} keeps a network's rhythm", () => {
  let env: InProcessTestEnvironment
  beforeAll(async () => {
    env = await createTestEnvironment({ clock: 'manual', ledger: { close: 'interval', ms: 4000 } })
  })
  afterAll(() => env.close())

  it('a signed payment waits for the next close of the clock', async () => {
    const { uuid } = await env.client.payload.create({
      txjson: {
        TransactionType: 'Payment',
        Destination: env.users[1].accounts[0]?.address,
        Amount: '1000000',
      },
      options: { force_network: 'TESTNET' },
    })
    const { response } = await env.users[0].sign(uuid)
    const validated = () =>
      env.server.platform.ledger.transaction(response.txid ?? '')?.transaction.validated
    expect(validated()).toBe(false)
    await env.advance(3)
    expect(validated()).toBe(false)
    await env.advance(1)
    expect(validated()).toBe(true)
  })
})

describe('options.ledger is validated', () => {
  it.each([
    [{ ledger: 'auto' }, 'options.ledger must be an object'],
    [{ ledger: { close: 'manual' } }, "options.ledger.close must be 'auto' or 'interval'"],
    [{ ledger: { close: 'interval' } }, 'options.ledger.ms must be a whole number from 1 to'],
    [{ ledger: { close: 'interval', ms: 0 } }, 'options.ledger.ms must be a whole number'],
    [{ ledger: { close: 'auto', ms: 4000 } }, 'options.ledger has an unknown key: ms'],
    [
      { ledger: { close: 'auto' }, url: 'http://127.0.0.1:1' },
      'options.ledger is for the in-process server only',
    ],
    [
      { ledger: { close: 'auto' }, server: { ledgerCloseMs: false } },
      'options.ledger and options.server.ledgerCloseMs are one setting',
    ],
  ])('%j → %s', async (options, message) => {
    await expect(createTestEnvironment(options as never)).rejects.toThrow(message)
  })

  it('server.ledgerCloseMs names itself when it is none', async () => {
    await expect(
      createTestEnvironment({ server: { ledgerCloseMs: 'soon' as never } }),
    ).rejects.toThrow("ledgerCloseMs must be 'auto', false or a positive integer of milliseconds")
  })
})
