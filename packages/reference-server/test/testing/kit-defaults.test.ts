import { RateLimitError } from 'pullsign'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'

let env: InProcessTestEnvironment | undefined
afterEach(async () => {
  await env?.close()
  env = undefined
})

const payment = (destination: string | undefined) => ({
  txjson: { TransactionType: 'Payment', Destination: destination, Amount: '1000000' },
})

describe('options.network: where the users sign when a payload forces none', () => {
  it('sign() and the autopilot sign on it; a forced network still wins', async () => {
    env = await createTestEnvironment({
      clock: 'manual',
      network: 'TESTNET',
      autopilot: { user: 0, answer: 'sign', afterMs: 0 },
    })
    expect(env.network).toBe('TESTNET')
    const bob = env.users[1].accounts[0]?.address
    const byAutopilot = await env.client.payload.createAndSubscribe(payment(bob))
    expect((await byAutopilot.resolved).response).toMatchObject({
      environment_nodetype: 'TESTNET',
      dispatched_result: 'tesSUCCESS',
    })
    env.server.wallet.clearAutopilot()
    const byHand = await env.client.payload.create(payment(bob))
    expect((await env.users[0].sign(byHand.uuid)).response.environment_nodetype).toBe('TESTNET')
    const forced = await env.client.payload.create({
      ...payment(bob),
      options: { force_network: 'XAHAU' },
    })
    expect((await env.users[0].sign(forced.uuid)).response.environment_nodetype).toBe('XAHAU')
  })

  it('MAINNET by default, as production', async () => {
    env = await createTestEnvironment({ clock: 'manual' })
    expect(env.network).toBe('MAINNET')
    const { uuid } = await env.client.payload.create({ txjson: { TransactionType: 'SignIn' } })
    expect((await env.users[0].sign(uuid)).response.environment_nodetype).toBe('MAINNET')
  })

  it('a network the server does not know is refused naming options.network', async () => {
    await expect(createTestEnvironment({ network: 'testnet' as never })).rejects.toThrow(
      'options.network must be one of MAINNET, TESTNET, DEVNET, XAHAU, XAHAUTESTNET',
    )
  })
})

describe('the autopilot on the manual clock (docs/protocol.md §10)', () => {
  it('afterMs: 0 resolves the subscription with no advance', async () => {
    env = await createTestEnvironment({
      clock: 'manual',
      autopilot: { user: 1, answer: 'reject', afterMs: 0 },
    })
    const { resolved } = await env.client.payload.createAndSubscribe({
      txjson: { TransactionType: 'SignIn' },
    })
    expect((await resolved).meta).toMatchObject({ resolved: true, signed: false })
  })

  it('a positive afterMs answers once advance reaches it', async () => {
    env = await createTestEnvironment({
      clock: 'manual',
      autopilot: { user: 1, answer: 'reject', afterMs: 2000 },
    })
    const { uuid } = await env.client.payload.create({ txjson: { TransactionType: 'SignIn' } })
    await env.advance(1.999)
    expect((await env.client.payload.get(uuid)).meta.resolved).toBe(false)
    await env.advance(0.001)
    expect((await env.client.payload.get(uuid)).meta.resolved).toBe(true)
  })
})

describe('rate limits: off in the kit, on when asked', () => {
  const createMany = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await env?.client.payload.create({ txjson: { TransactionType: 'SignIn' } })
    }
  }

  it('a suite may create 100 payloads in a minute of clock time', async () => {
    env = await createTestEnvironment({ clock: 'manual' })
    await expect(createMany(100)).resolves.toBeUndefined()
  })

  it('server.rateLimits switches them on: 429 past the limit', async () => {
    env = await createTestEnvironment({
      clock: 'manual',
      server: { rateLimits: { 'payload-create': 2 } },
    })
    await createMany(2)
    const refused = await env.client.payload
      .create({ txjson: { TransactionType: 'SignIn' } })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(RateLimitError)
  })
})
