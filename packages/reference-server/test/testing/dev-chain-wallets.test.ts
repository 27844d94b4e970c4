import { NETWORK_KEYS } from 'pullsign/wire'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, Wallet } from 'xrpl'
import { createReferenceServer, type ReferenceServer } from '../../src/index'
import {
  createTestEnvironment,
  type InProcessTestEnvironment,
  type SharedTestEnvironment,
} from '../../src/testing'

// Event-loop turns, not time, until `ready` holds: the socket and HTTP exchanges in flight end.
const turnsUntil = async (ready: () => boolean) => {
  while (!ready()) await new Promise((resolve) => setImmediate(resolve))
}

describe('env.ledger.K.wallets: ten funded accounts per network (Hardhat getSigners)', () => {
  let env: InProcessTestEnvironment
  let other: InProcessTestEnvironment
  let client: Client
  beforeAll(async () => {
    ;[env, other] = await Promise.all([
      createTestEnvironment({ clock: 'manual' }),
      createTestEnvironment({ clock: 'manual' }),
    ])
    client = new Client(env.ledger.TESTNET.ws)
    await client.connect()
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  afterAll(async () => {
    await client.disconnect()
    await Promise.all([env.close(), other.close()])
  })

  it('every network has ten, each 10,000 units in the validated ledger', async () => {
    for (const key of NETWORK_KEYS) {
      const { wallets } = env.ledger[key]
      expect(wallets).toHaveLength(10)
      for (const wallet of wallets) {
        const root = env.server.platform.ledger.account(key, wallet.address, 'validated')
        expect(root?.balance).toBe('10000000000')
      }
    }
    const first = env.ledger.TESTNET.wallets[0]?.address as string
    const info = await client.request({
      command: 'account_info',
      account: first,
      ledger_index: 'validated',
    })
    expect(info.result.account_data.Balance).toBe('10000000000')
  })

  it('xrpl.js Wallet.fromSeed(seed) is the wallet: same address and keys, and it signs', async () => {
    const [payer, payee] = env.ledger.TESTNET.wallets
    const wallet = Wallet.fromSeed(payer?.seed as string)
    expect(wallet).toMatchObject({
      classicAddress: payer?.address,
      publicKey: payer?.publicKey,
      privateKey: payer?.privateKey,
    })
    // Automine: the node validates the payment as it answers the submission.
    const { result } = await client.submit(
      {
        TransactionType: 'Payment',
        Account: wallet.classicAddress,
        Destination: payee?.address as string,
        Amount: '1000000',
      },
      { wallet, autofill: true },
    )
    expect(result.engine_result).toBe('tesSUCCESS')
    const tx = await client.request({ command: 'tx', transaction: result.tx_json.hash as string })
    expect(tx.result.validated).toBe(true)
  })

  it('fresh per environment and per network: no two wallets share an address', () => {
    const addresses = [env, other].flatMap((e) =>
      NETWORK_KEYS.flatMap((key) => e.ledger[key].wallets.map((wallet) => wallet.address)),
    )
    expect(new Set(addresses).size).toBe(addresses.length)
    // Another environment's wallet has no account on this server.
    const theirs = other.ledger.TESTNET.wallets[0]?.address as string
    expect(env.server.platform.ledger.account('TESTNET', theirs)).toBeNull()
  })

  it("the users' accounts carry seeds that xrpl.js signs with", async () => {
    const account = env.users[1].accounts[0]
    const wallet = Wallet.fromSeed(account?.seed as string)
    expect(wallet.classicAddress).toBe(account?.address)
    const { result } = await client.submit(
      {
        TransactionType: 'Payment',
        Account: wallet.classicAddress,
        Destination: env.ledger.TESTNET.wallets[2]?.address as string,
        Amount: '2000000',
      },
      { wallet, autofill: true },
    )
    expect(result.engine_result).toBe('tesSUCCESS')
  })

  it('client.fundWallet(null, env.ledger.TESTNET.faucetOptions) funds a new wallet here', async () => {
    expect(env.ledger.TESTNET.faucetOptions).toEqual({
      faucetHost: new URL(env.endpoints.api).host,
      faucetProtocol: 'http',
      faucetPath: '/ledger/TESTNET/accounts',
    })
    // fundWallet looks at the balance every second (setInterval): the faucet's payment is
    // validated when it answers, so one look is let pass.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const funding = client.fundWallet(null, env.ledger.TESTNET.faucetOptions)
    await turnsUntil(() => vi.getTimerCount() > 0)
    await vi.advanceTimersByTimeAsync(1000)
    const { wallet, balance } = await funding
    expect(balance).toBe(1000)
    const root = env.server.platform.ledger.account('TESTNET', wallet.classicAddress, 'validated')
    expect(root?.balance).toBe('1000000000')
  })
})

describe('POST /__ref/ledger/wallets: the wallets of a tenant of a shared server', () => {
  let shared: ReferenceServer
  let tenant: SharedTestEnvironment
  beforeAll(async () => {
    shared = createReferenceServer({ ledgerCloseMs: false })
    tenant = await createTestEnvironment({ url: (await shared.listen(0)).api })
  })
  afterAll(async () => {
    await tenant.close()
    await shared.close()
  })

  it("the tenant gets ten funded wallets per network, and its users' seeds", () => {
    for (const key of NETWORK_KEYS) {
      expect(tenant.ledger[key].wallets).toHaveLength(10)
      const wallet = tenant.ledger[key].wallets[9]
      expect(Wallet.fromSeed(wallet?.seed as string).classicAddress).toBe(wallet?.address)
      expect(shared.platform.ledger.account(key, wallet?.address as string)?.balance).toBe(
        '10000000000',
      )
    }
    const account = tenant.users[0].accounts[0]
    expect(account?.seed).toMatch(/^s/)
    expect(account?.privateKey).toMatch(/^[0-9A-F]{66}$/)
  })

  it('GET /__ref/state never shows a seed or a private key', async () => {
    const text = await (await fetch(`${tenant.endpoints.api}/__ref/state`)).text()
    const seed = tenant.users[0].accounts[0]?.seed as string
    expect(text).not.toContain(seed)
    expect(text).not.toMatch(/"seed"|"privateKey"/)
  })
})
