import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Client, Wallet } from 'xrpl'
import { createReferenceServer, type ReferenceServer } from '../../src/index'
import {
  createTestEnvironment,
  type InProcessTestEnvironment,
  type SharedTestEnvironment,
} from '../../src/testing'
import { errorOf, okJson as ok, startTestServer, type TestServer } from '../server/test-server'

// An address no test holds the key of: an account only impersonation can act as.
const keyless = () => Wallet.generate().classicAddress

describe('env.ledger.K.impersonate and setBalance: Anvil’s verbs through the kit, read by xrpl.js', () => {
  let env: InProcessTestEnvironment
  let client: Client
  beforeAll(async () => {
    env = await createTestEnvironment({ clock: 'manual' })
    client = new Client(env.ledger.TESTNET.ws)
    await client.connect()
  })
  afterAll(async () => {
    await client.disconnect()
    await env.close()
  })

  it('setBalance creates a keyless account at the reserve, raises and lowers it; xrpl.js reads it validated', async () => {
    const address = keyless()
    const { ledger_index } = await env.ledger.TESTNET.setBalance(address, '1000000')
    expect(ledger_index).toBe(env.server.platform.ledger.latestClosedIndex('TESTNET'))
    expect(await client.getXrpBalance(address)).toBe(1)
    await env.ledger.TESTNET.setBalance(address, 25_000_000n)
    expect(await client.getXrpBalance(address)).toBe(25)
    // An existing account may go below its reserve, as fees take it there on rippled.
    await env.ledger.TESTNET.setBalance(address, '10')
    expect(await client.getXrpBalance(address)).toBe(0.00001)
  })

  it('setBalance leaves total_coins as the node reported it (a credit, as the faucet’s refills)', async () => {
    const coins = async () =>
      (await client.request({ command: 'ledger', ledger_index: 'validated' })).result.ledger
        .total_coins
    const before = await coins()
    const [wallet] = env.ledger.TESTNET.wallets
    await env.ledger.TESTNET.setBalance(wallet?.address as string, '99000000000')
    expect(await coins()).toBe(before)
  })

  it('setBalance below the base reserve on a new account rejects naming the reserve, nothing made', async () => {
    const address = keyless()
    await expect(env.ledger.TESTNET.setBalance(address, '999999')).rejects.toThrow(
      /400: drops must be at least the base reserve of TESTNET, 1000000 drops/,
    )
    expect(env.server.platform.ledger.account('TESTNET', address)).toBeNull()
  })

  it('impersonate pays from a keyless account: Fee and Sequence filled, validated, marked in `tx`', async () => {
    const from = keyless()
    const fee = env.server.platform.ledger.fee('TESTNET')
    await env.ledger.TESTNET.setBalance(from, '50000000')
    const [payee] = env.ledger.TESTNET.wallets
    const before = await client.getXrpBalance(payee?.address as string)
    const answer = await env.ledger.TESTNET.impersonate({
      TransactionType: 'Payment',
      Account: from,
      Destination: payee?.address as string,
      Amount: '5000000',
    })
    expect(answer).toMatchObject({
      engine_result: 'tesSUCCESS',
      engine_result_code: 0,
      engine_result_message: 'The transaction was applied. Only final in a validated ledger.',
      applied: true,
      tx_json: { Account: from, Fee: fee, SigningPubKey: '', Sequence: expect.any(Number) },
    })
    const tx = await client.request({ command: 'tx', transaction: answer.tx_json.hash })
    expect(tx.result).toMatchObject({ validated: true, meta: { TransactionResult: 'tesSUCCESS' } })
    expect(await client.getXrpBalance(payee?.address as string)).toBe(before + 5)
    expect(await client.getXrpBalance(from)).toBe((45_000_000 - Number(fee)) / 1e6) // 50 − 5 − the fee
  })

  it('impersonate keeps every rule but the signature: an unfunded payment is tecUNFUNDED_PAYMENT', async () => {
    const from = keyless()
    await env.ledger.TESTNET.setBalance(from, '2000000')
    const answer = await env.ledger.TESTNET.impersonate({
      TransactionType: 'Payment',
      Account: from,
      Destination: env.ledger.TESTNET.wallets[1]?.address,
      Amount: '5000000',
    })
    expect(answer.engine_result).toBe('tecUNFUNDED_PAYMENT')
    expect(answer.engine_result_message).toBe('Insufficient XRP balance to send.')
  })

  it('the signature check is skipped for the impersonated transaction only: a stranger’s key is still tefBAD_AUTH', async () => {
    const [victim, stranger] = env.ledger.TESTNET.wallets.map((w) => Wallet.fromSeed(w.seed))
    const tx = await client.autofill({
      TransactionType: 'Payment',
      Account: victim?.classicAddress as string,
      Destination: stranger?.classicAddress as string,
      Amount: '1000000',
    })
    const { result } = await client.submit(stranger?.sign(tx).tx_blob as string)
    expect(result.engine_result).toBe('tefBAD_AUTH')
  })
})

describe('POST /__ref/ledger/impersonate and /__ref/ledger/balance over HTTP (docs/protocol.md §10)', () => {
  let t: TestServer
  let logged: string[]
  beforeEach(async () => {
    logged = []
    t = await startTestServer({ requestLog: { write: (line) => logged.push(line) } })
  })
  afterEach(() => t.close())
  const ledger = () => t.server.platform.ledger
  const state = () => {
    const { savedAt: _, ...rest } = t.server.snapshot()
    return JSON.stringify(rest)
  }

  it('impersonates as the node’s submit answers, and the request log marks it', async () => {
    const from = keyless()
    await ok(
      await t.control('ledger/balance', { network: 'DEVNET', address: from, drops: '30000000' }),
    )
    const to = keyless()
    const answer = await ok(
      await t.control('ledger/impersonate', {
        network: 'DEVNET',
        tx_json: { TransactionType: 'Payment', Account: from, Destination: to, Amount: '20000000' },
      }),
    )
    expect(answer.engine_result).toBe('tesSUCCESS')
    expect(Object.keys(answer).sort()).toEqual(
      [
        'accepted',
        'account_sequence_available',
        'account_sequence_next',
        'applied',
        'broadcast',
        'engine_result',
        'engine_result_code',
        'engine_result_message',
        'kept',
        'open_ledger_cost',
        'queued',
        'tx_blob',
        'tx_json',
        'validated_ledger_index',
      ].sort(),
    )
    expect(ledger().account('DEVNET', to)?.balance).toBe('20000000')
    expect(ledger().storedTransaction('DEVNET', answer.tx_json.hash)?.impersonated).toBe(true)
    expect(logged).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^POST /__ref/ledger/impersonate 200 .*\\n  ! impersonated ${from}: tesSUCCESS$`,
        ),
      ),
    )
  })

  it('sets a balance and answers the closed ledger', async () => {
    const address = keyless()
    const body = await ok(
      await t.control('ledger/balance', { network: 'XAHAU', address, drops: '1000000' }),
    )
    expect(body).toEqual({
      network: 'XAHAU',
      address,
      balance: '1000000',
      ledger_index: ledger().latestClosedIndex('XAHAU'),
    })
    expect(ledger().account('XAHAU', address, 'validated')?.balance).toBe('1000000')
  })

  it.each([
    [{ network: 'NOPE', tx_json: {} }, /^network /],
    [{ network: 'TESTNET', tx_json: 'Payment' }, /^tx_json must be an object/],
    [
      { network: 'TESTNET', tx_json: { TransactionType: 'Payment' } },
      /^tx_json\.Account must be a classic address/,
    ],
    [
      { network: 'TESTNET', tx_json: { TransactionType: 'Payment', Account: 'rNope' } },
      /^tx_json\.Account /,
    ],
    [
      {
        network: 'TESTNET',
        tx_json: {
          TransactionType: 'Payment',
          Account: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          Amount: { nope: 1 },
        },
      },
      /^tx_json does not encode/,
    ],
    [
      {
        network: 'TESTNET',
        tx_json: {
          TransactionType: 'Payment',
          Account: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          TxnSignature: 'AB',
        },
      },
      /^tx_json\.TxnSignature must be absent/,
    ],
    [{ network: 'TESTNET', tx_json: {}, application: 'nope' }, /^tx_json\.Account /],
  ])('impersonate %j → 400 naming the field, nothing changed', async (body, message) => {
    const before = state()
    const error = await errorOf(await t.control('ledger/impersonate', body))
    expect(error.status).toBe(400)
    expect(error.message).toMatch(message)
    expect(state()).toBe(before)
  })

  it.each([
    [
      { network: 'TESTNET', address: 'rNope', drops: '1000000' },
      /^address must be a classic address/,
    ],
    [
      { network: 'TESTNET', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', drops: '1.5' },
      /^drops must be a whole number/,
    ],
    [
      {
        network: 'TESTNET',
        address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        drops: '100000000000000001',
      },
      /^drops must be at most 10\^17/,
    ],
    [
      { network: 'TESTNET', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', drops: '0' },
      /^drops must be at least the base reserve of TESTNET, 1000000 drops/,
    ],
    [
      { network: 'NOPE', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', drops: '1000000' },
      /^network /,
    ],
  ])('balance %j → 400 naming the field, nothing changed', async (body, message) => {
    const before = state()
    const error = await errorOf(await t.control('ledger/balance', body))
    expect(error.status).toBe(400)
    expect(error.message).toMatch(message)
    expect(state()).toBe(before)
  })
})

describe('a tenant of a shared server impersonates only its own wallets', () => {
  let shared: ReferenceServer
  let tenant: SharedTestEnvironment
  let other: SharedTestEnvironment
  beforeAll(async () => {
    shared = createReferenceServer({ ledgerCloseMs: 'auto' })
    const { api } = await shared.listen(0)
    ;[tenant, other] = await Promise.all([
      createTestEnvironment({ url: api }),
      createTestEnvironment({ url: api }),
    ])
  })
  afterAll(async () => {
    await Promise.all([tenant.close(), other.close()])
    await shared.close()
  })
  const payment = (from: string) => ({
    TransactionType: 'Payment',
    Account: from,
    Destination: keyless(),
    Amount: '2000000',
  })

  it('its own wallet: applied', async () => {
    const mine = tenant.ledger.TESTNET.wallets[0]?.address as string
    expect((await tenant.ledger.TESTNET.impersonate(payment(mine))).engine_result).toBe(
      'tesSUCCESS',
    )
  })

  it('another tenant’s wallet or a user’s account: 400 naming tx_json.Account, nothing applied', async () => {
    for (const address of [
      other.ledger.TESTNET.wallets[0]?.address as string,
      tenant.users[0].accounts[0]?.address as string,
    ]) {
      const before = shared.platform.ledger.account('TESTNET', address)?.sequence
      await expect(tenant.ledger.TESTNET.impersonate(payment(address))).rejects.toThrow(
        /400: tx_json\.Account is not a wallet made for application .*: a tenant impersonates only its own wallets/,
      )
      expect(shared.platform.ledger.account('TESTNET', address)?.sequence).toBe(before)
    }
  })
})
