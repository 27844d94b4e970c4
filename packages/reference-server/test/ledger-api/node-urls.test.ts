import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from 'xrpl'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'

let env: InProcessTestEnvironment

beforeAll(async () => {
  env = await createTestEnvironment()
})
afterAll(() => env.close())

describe('every URL the server emits for a network points at its node (docs/protocol.md §8.6)', () => {
  it('the test kit, /__ref/state and rails name the same node URLs', async () => {
    const api = env.endpoints.api
    expect(env.ledger.TESTNET).toEqual({
      ws: `${api.replace(/^http/, 'ws')}/ledger/TESTNET`,
      rpc: `${api}/ledger/TESTNET`,
      faucet: `${api}/ledger/TESTNET/accounts`,
    })
    const state = await (await fetch(`${api}/__ref/state`)).json()
    expect(state.ledger).toEqual(env.ledger)
    const rails = await env.client.getRails()
    expect(rails.XAHAU?.endpoints).toEqual([{ name: 'Reference node', url: env.ledger.XAHAU.ws }])
    expect(rails.XAHAU?.rpc).toBe(env.ledger.XAHAU.rpc)
    // Production serves Xahau's codec definitions from its node; here the node serves its own.
    expect(rails.XAHAU?.definitions).toBe(`${env.ledger.XAHAU.rpc}/definitions`)
    expect(rails.MAINNET?.definitions).toBe('default')
    const definitions = await (await fetch(rails.XAHAU?.definitions as string)).json()
    expect(definitions.TRANSACTION_TYPES.Payment).toBe(0)
    expect((await fetch(`${api}/ledger/NOPE/definitions`)).status).toBe(404)
    const served = Object.values(rails).flatMap((n) => [
      ...n.endpoints.map((e) => e.url),
      n.rpc,
      n.definitions,
    ])
    expect(served.filter((url) => url !== 'default' && !url.includes(new URL(api).host))).toEqual(
      [],
    )
  })

  it("a signed payment's dispatched_to is the node where xrpl.js finds it validated", async () => {
    const [alice, bob] = env.users
    const destination = bob.accounts[0]?.address as string
    const { uuid } = await env.client.payload.create({
      txjson: { TransactionType: 'Payment', Destination: destination, Amount: '1000000' },
    })
    const record = await alice.sign(uuid, { network: 'TESTNET' })
    expect(record.response.dispatched_to).toBe(env.ledger.TESTNET.ws)
    expect(record.response.environment_nodeuri).toBe(env.ledger.TESTNET.ws)
    // The kit's ledger validated it as it applied (automine): no close to wait for.
    const client = new Client(record.response.dispatched_to as string)
    await client.connect()
    try {
      const tx = await client.request({
        command: 'tx',
        transaction: record.response.txid as string,
      })
      expect(tx.result).toMatchObject({
        validated: true,
        meta: { TransactionResult: 'tesSUCCESS' },
      })
      expect((tx.result.meta as { delivered_amount?: unknown }).delivered_amount).toBe('1000000')
      expect(client.networkID).toBe(1)
    } finally {
      await client.disconnect()
    }
  })
})
