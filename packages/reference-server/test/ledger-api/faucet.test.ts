import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountSetAsfFlags, Client, type TxResponse, Wallet } from 'xrpl'
import { createReferenceServer, type ReferenceServer } from '../../src'
import { createClock } from '../../src/platform'

// rippled's genesis account: the secp256k1 key of the seed "masterpassphrase" (Ledger.cpp).
const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'

let server: ReferenceServer
let client: Client
let api: string

beforeAll(async () => {
  const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  server = createReferenceServer({ clock, ledgerCloseMs: false, rateLimits: false })
  ;({ api } = await server.listen(0))
  client = new Client(`${api.replace(/^http/, 'ws')}/ledger/TESTNET`)
  await client.connect()
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

const faucet = async (body: unknown, network = 'TESTNET') => {
  const response = await fetch(`${api}/ledger/${network}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}
const close = () =>
  fetch(`${api}/__ref/ledger/close`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ network: 'TESTNET' }),
  })
const tx = async (hash: string) =>
  (await client.request({ command: 'tx', transaction: hash })) as TxResponse

describe('the faucet pays with a real Payment, validated at the next close', () => {
  it('answers like the test networks’ faucet and pays from the genesis account', async () => {
    const wallet = Wallet.generate()
    const { status, json } = await faucet({ destination: wallet.classicAddress, xrpAmount: '50' })
    expect(status).toBe(200)
    expect(json).toEqual({
      account: {
        xAddress: wallet.getXAddress(undefined, true),
        classicAddress: wallet.classicAddress,
        address: wallet.classicAddress,
      },
      amount: 50,
      transactionHash: expect.stringMatching(/^[0-9A-F]{64}$/),
    })
    const hash = json.transactionHash as string
    // Applied to the open ledger, not yet validated: the validated ledger does not know the account.
    expect((await tx(hash)).result.validated).toBe(false)
    await expect(
      client.request({
        command: 'account_info',
        account: wallet.classicAddress,
        ledger_index: 'validated',
      }),
    ).rejects.toMatchObject({ data: { error: 'actNotFound' } })
    await close()
    const { result } = await tx(hash)
    expect(result).toMatchObject({
      validated: true,
      tx_json: {
        TransactionType: 'Payment',
        Account: GENESIS,
        Destination: wallet.classicAddress,
        DeliverMax: '50000000',
      },
      meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '50000000' },
    })
    expect(await client.getXrpBalance(wallet.classicAddress)).toBe(50)
  })

  it('creates an account when no destination is given and returns its seed', async () => {
    const { json } = await faucet({ userAgent: 'xrpl.js', usageContext: 'test' })
    const account = json.account as { classicAddress: string; secret: string }
    expect(json.amount).toBe(1000)
    expect(Wallet.fromSeed(json.seed as string).classicAddress).toBe(account.classicAddress)
    expect(account.secret).toBe(json.seed)
    await close()
    expect(await client.getXrpBalance(account.classicAddress)).toBe(1000)
    expect((await tx(json.transactionHash as string)).result.validated).toBe(true)
  })

  it('answers 400 naming the field and submits nothing for a bad request', async () => {
    const before = server.platform.ledger.account('TESTNET', GENESIS)?.sequence
    for (const [body, field] of [
      [[], 'body'],
      [{ destination: 'rNotAnAddress' }, 'destination'],
      [{ xrpAmount: '1.5' }, 'xrpAmount'],
      [{ xrpAmount: 10_001 }, 'xrpAmount'],
      [{ xrpAmount: true }, 'xrpAmount'],
    ] as const) {
      const { status, json } = await faucet(body)
      expect(status).toBe(400)
      expect(json.error).toMatch(new RegExp(`^${field} `))
    }
    expect(server.platform.ledger.account('TESTNET', GENESIS)?.sequence).toBe(before)
  })

  it('answers 400 with the payment’s hash when the destination’s settings refuse it', async () => {
    const wallet = Wallet.generate()
    await faucet({ destination: wallet.classicAddress, xrpAmount: '20' })
    await close()
    const settings = await client.autofill({
      TransactionType: 'AccountSet',
      Account: wallet.classicAddress,
      SetFlag: AccountSetAsfFlags.asfRequireDest,
    })
    await client.request({ command: 'submit', tx_blob: wallet.sign(settings).tx_blob })
    await close()
    const { status, json } = await faucet({ destination: wallet.classicAddress })
    expect(status).toBe(400)
    expect(json.error).toBe('destination cannot be paid: tecDST_TAG_NEEDED')
    await close()
    expect((await tx(json.transactionHash as string)).result.meta).toMatchObject({
      TransactionResult: 'tecDST_TAG_NEEDED',
    })
  })

  it('pays on XAHAU from its own account, Xahau’s genesis account being blackholed [xahaud Change.cpp activateXahauGenesis]', async () => {
    const wallet = Wallet.generate()
    const { status, json } = await faucet({ destination: wallet.classicAddress }, 'XAHAU')
    expect(status).toBe(200)
    const paid = server.platform.ledger.transaction(json.transactionHash as string)
    expect(paid?.transaction).toMatchObject({
      Account: 'rDXLbX76evbHU8d2JuEmgXzfThPMP2qFZC',
      Destination: wallet.classicAddress,
    })
    expect(server.platform.ledger.account('XAHAU', wallet.classicAddress)?.balance).toBe(
      '1000000000',
    )
    expect(server.platform.ledger.account('XAHAU', GENESIS)?.balance).toBe('1000000000000')
  })
})
