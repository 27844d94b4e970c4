import type { PayloadSocketMessage } from 'pullsign/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, Wallet } from 'xrpl'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'
import { errorOf, okJson as ok, startTestServer } from '../server/test-server'

describe('env.restore(snapshot): the same ledgers, hash for hash (docs/dev-chain.md "Snapshots")', () => {
  let env: InProcessTestEnvironment
  let client: Client
  beforeAll(async () => {
    env = await createTestEnvironment({
      clock: 'manual',
      ledger: { close: 'interval', ms: 4000 },
      autopilot: { user: 0, answer: 'sign', afterMs: 0 },
    })
    client = new Client(env.ledger.TESTNET.ws)
    await client.connect()
  })
  afterAll(async () => {
    await client.disconnect()
    await env.close()
  })

  const walletAt = (i: number) => Wallet.fromSeed(env.ledger.TESTNET.wallets[i]?.seed as string)
  const pay = async (drops: string) => {
    const wallet = walletAt(0)
    const { result } = await client.submit(
      {
        TransactionType: 'Payment',
        Account: wallet.classicAddress,
        Destination: walletAt(1).classicAddress,
        Amount: drops,
      },
      { wallet, autofill: true },
    )
    expect(result.engine_result).toBe('tesSUCCESS')
    return result.tx_json.hash as string
  }
  const ledgerHash = async (index: number) =>
    (await client.request({ command: 'ledger', ledger_index: index })).result.ledger_hash
  const txValidated = async (hash: string) =>
    (await client.request({ command: 'tx', transaction: hash })).result.validated

  it('ledger hashes by index, close times and the open ledger come back; a replay closes the same ledger', async () => {
    await pay('1000000')
    await env.advance(4)
    const open = await pay('2000000')
    const snapshot = await env.snapshot()
    const latest = env.server.platform.ledger.latestClosedIndex('TESTNET')
    const before = await Promise.all([latest - 1, latest].map(ledgerHash))
    const header = env.server.platform.ledger.header('TESTNET')

    await env.advance(4)
    const replayed = env.server.platform.ledger.header('TESTNET')
    expect(await txValidated(open)).toBe(true)
    await pay('3000000')
    await env.advance(8)

    await env.restore(snapshot, { clock: true })
    expect(env.server.platform.ledger.latestClosedIndex('TESTNET')).toBe(latest)
    expect(await Promise.all([latest - 1, latest].map(ledgerHash))).toEqual(before)
    expect(env.server.platform.ledger.header('TESTNET')).toEqual(header)
    // The payment that was open is open again, and the next close is the one seen before.
    expect(await txValidated(open)).toBe(false)
    await env.advance(4)
    expect(await txValidated(open)).toBe(true)
    expect(env.server.platform.ledger.header('TESTNET')).toEqual(replayed)
  })

  it('the autopilot rule the environment set still answers after a restore', async () => {
    const snapshot = await env.snapshot()
    await env.restore(snapshot)
    expect(env.server.wallet.autopilotRules()).toMatchObject([
      { user: env.users[0].uuid, answer: 'sign', afterMs: 0 },
    ])
    const { resolved } = await env.client.payload.createAndSubscribe({
      txjson: { TransactionType: 'SignIn' },
    })
    // Settles (the answer may come before the socket opens: then with the record).
    expect((await resolved).meta.signed).toBe(true)
  })

  it('{clock: true} sets the clock back to savedAt; without it the clock stays', async () => {
    const snapshot = await env.snapshot()
    await env.advance(3600)
    const later = env.server.clock.now()
    await env.restore(snapshot)
    expect(env.server.clock.now()).toBe(later)
    await env.restore(snapshot, { clock: true })
    expect(env.server.clock.now()).toBe(Date.parse(snapshot.savedAt))
  })
})

describe('open payloads on restore and reset (docs/dev-chain.md "Snapshots")', () => {
  let env: InProcessTestEnvironment
  beforeAll(async () => {
    env = await createTestEnvironment({ clock: 'manual' })
  })
  afterAll(() => env.close())

  const listen = (uuid: string) => {
    const heard: (PayloadSocketMessage | 'ended')[] = []
    env.server.platform.payloads.subscribe(
      uuid,
      (message) => heard.push(message),
      () => heard.push('ended'),
    )
    return heard
  }
  const signIn = { txjson: { TransactionType: 'SignIn' } } as const

  it('one the snapshot lacks expires for its subscribers; one it holds ends its sockets and stays open', async () => {
    const kept = await env.client.payload.create(signIn)
    const heardKept = listen(kept.uuid)
    const snapshot = await env.snapshot()
    const dropped = await env.client.payload.create(signIn)
    const heardDropped = listen(dropped.uuid)

    await env.restore(snapshot)
    expect(heardDropped).toEqual([{ expired: true }, 'ended'])
    expect(heardKept).toEqual(['ended'])
    expect((await env.client.payload.get(kept.uuid)).meta).toMatchObject({
      resolved: false,
      expired: false,
    })
    await expect(env.client.payload.get(dropped.uuid)).rejects.toMatchObject({ status: 404 })
  })

  it('a reset expires every open payload for its subscribers, a resolved one only ends', async () => {
    const open = await env.client.payload.create(signIn)
    const signed = await env.client.payload.create(signIn)
    await env.users[0].sign(signed.uuid)
    const [heardOpen, heardSigned] = [listen(open.uuid), listen(signed.uuid)]
    env.server.platform.reset()
    expect(heardOpen).toEqual([{ expired: true }, 'ended'])
    expect(heardSigned).toEqual(['ended'])
  })
})

describe('an answer the autopilot owed when the snapshot was taken', () => {
  let env: InProcessTestEnvironment
  beforeAll(async () => {
    env = await createTestEnvironment({
      clock: 'manual',
      autopilot: { user: 1, answer: 'reject', afterMs: 5000 },
    })
  })
  afterAll(() => env.close())

  it('is given at its due time after a restore, not before', async () => {
    const { uuid } = await env.client.payload.create({ txjson: { TransactionType: 'SignIn' } })
    await env.advance(2)
    const snapshot = await env.snapshot()
    await env.advance(10)
    expect((await env.client.payload.get(uuid)).meta.resolved).toBe(true)

    await env.restore(snapshot, { clock: true })
    expect((await env.client.payload.get(uuid)).meta.resolved).toBe(false)
    await env.advance(2.9)
    expect((await env.client.payload.get(uuid)).meta.resolved).toBe(false)
    await env.advance(0.1)
    expect((await env.client.payload.get(uuid)).meta).toMatchObject({
      resolved: true,
      signed: false,
    })
  })
})

describe('POST /__ref/restore {clock} (docs/protocol.md §10)', () => {
  it('clock: true sets the server clock to savedAt; a clock that is no boolean → 400, nothing changed', async () => {
    const t = await startTestServer()
    try {
      const snapshot = await ok(await t.control('snapshot'))
      t.server.clock.advance(7200)
      const later = t.server.clock.now()
      const error = await errorOf(await t.control('restore', { ...snapshot, clock: 'yes' }))
      expect(error).toMatchObject({ status: 400, code: 600 })
      expect(error.message).toMatch(/^clock must be true or false/)
      expect(t.server.clock.now()).toBe(later)
      expect(await ok(await t.control('restore', { ...snapshot, clock: true }))).toEqual({
        restored: true,
      })
      expect(t.server.clock.now()).toBe(Date.parse(snapshot.savedAt))
    } finally {
      await t.close()
    }
  })

  it('a snapshot from before headers and autopilot were saved still restores; a chain that ends elsewhere → 400', async () => {
    const t = await startTestServer()
    try {
      const snapshot = await ok(await t.control('snapshot'))
      const index = t.server.platform.ledger.latestClosedIndex('TESTNET')
      const older = structuredClone(snapshot)
      delete older.autopilot
      for (const network of Object.values(older.ledger) as Record<string, unknown>[]) {
        delete network.chain
        delete network.validated
      }
      expect(await ok(await t.control('restore', older))).toEqual({ restored: true })
      expect(t.server.platform.ledger.latestClosedIndex('TESTNET')).toBe(index)
      expect(t.server.platform.ledger.completeLedgers('TESTNET')).toBe(`${index}`)

      const broken = structuredClone(snapshot)
      broken.ledger.TESTNET.chain.ledgers.at(-1)[0] += 1
      const error = await errorOf(await t.control('restore', broken))
      expect(error).toMatchObject({ status: 400, code: 600 })
      expect(error.message).toMatch(
        /^ledger\.TESTNET\.chain\.ledgers\.\d+ must be the ledger closedIndex/,
      )
    } finally {
      await t.close()
    }
  })
})
