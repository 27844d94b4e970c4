import { NETWORK_KEYS } from 'pullsign/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, type SubmittableTransaction, Wallet } from 'xrpl'
import { RIPPLE_EPOCH_OFFSET } from '../../src/ledger/closing/ledger-header'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'

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

// Submits with xrpl.js (automine validates it as the node answers) and reads its metadata.
const submit = async (wallet: Wallet, tx: SubmittableTransaction) => {
  const { result } = await client.submit(tx, { wallet, autofill: true })
  const { result: validated } = await client.request({
    command: 'tx',
    transaction: result.tx_json.hash as string,
  })
  return validated
}
const walletOf = (i: number) => Wallet.fromSeed(env.ledger.TESTNET.wallets[i]?.seed as string)
const ledgerIndexes = () =>
  NETWORK_KEYS.map((key) => env.server.platform.ledger.latestClosedIndex(key))

describe('env.travel(seconds): never short of the target (docs/dev-chain.md "Ledger time")', () => {
  it("a check whose Expiration is closeTime() + 3600 can't be cashed after travel(3600) [rippled CashCheck.cpp]", async () => {
    const [writer, casher] = [walletOf(0), walletOf(1)]
    const closeTime = await env.ledger.TESTNET.closeTime()
    await submit(writer, {
      TransactionType: 'CheckCreate',
      Account: writer.classicAddress,
      Destination: casher.classicAddress,
      SendMax: '5000000',
      Expiration: closeTime + 3600,
    })
    const { result: owned } = await client.request({
      command: 'account_objects',
      account: writer.classicAddress,
      type: 'check',
    })
    const checkId = owned.account_objects[0]?.index as string

    const before = NETWORK_KEYS.map((key) => env.server.platform.ledger.header(key)?.close_time)
    const closes = await env.travel(3600)
    NETWORK_KEYS.forEach((key, i) => {
      expect(closes[key].close_time).toBeGreaterThanOrEqual((before[i] ?? 0) + 3600)
      // At most one close-time resolution step (10 s) past it.
      expect(closes[key].close_time).toBeLessThanOrEqual((before[i] ?? 0) + 3610)
      expect(closes[key].ledger_index).toBe(env.server.platform.ledger.latestClosedIndex(key))
    })
    expect(await env.ledger.TESTNET.closeTime()).toBe(closes.TESTNET.close_time)

    const cashed = await submit(casher, {
      TransactionType: 'CheckCash',
      Account: casher.classicAddress,
      CheckID: checkId,
      Amount: '5000000',
    })
    expect((cashed.meta as { TransactionResult: string }).TransactionResult).toBe('tecEXPIRED')
  })

  it('env.travelTo(date): each network closes at or after the date, the clock is there', async () => {
    const target = new Date(env.server.clock.now() + 2 * 24 * 3600_000 + 1234)
    const closes = await env.travelTo(target)
    const targetRipple = Math.ceil(target.getTime() / 1000) - RIPPLE_EPOCH_OFFSET
    for (const key of NETWORK_KEYS) {
      expect(closes[key].close_time).toBeGreaterThanOrEqual(targetRipple)
      expect(closes[key].close_time).toBeLessThanOrEqual(targetRipple + 10)
      expect(closes[key].close_time_iso).toBe(
        new Date((closes[key].close_time + RIPPLE_EPOCH_OFFSET) * 1000)
          .toISOString()
          .replace('.000Z', 'Z'),
      )
    }
    expect(env.server.clock.now()).toBe(target.getTime())
  })

  it.each([
    [() => env.travelTo(new Date(env.server.clock.now() - 1000)), /400: to is in the past/],
    [() => env.travelTo('next week'), /400: to must be an ISO 8601 time/],
    [() => env.travel(-1), /400: by /],
    [() => env.travel(1.5), /400: by must be whole seconds/],
  ])('bad input is refused naming the field, and nothing moves (%#)', async (call, message) => {
    const [now, indexes] = [env.server.clock.now(), ledgerIndexes()]
    await expect(call()).rejects.toThrow(message)
    expect(env.server.clock.now()).toBe(now)
    expect(ledgerIndexes()).toEqual(indexes)
  })
})
