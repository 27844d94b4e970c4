import { NETWORK_KEYS } from 'pullsign/wire'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import { errorOf, okJson as ok, startTestServer, type TestServer } from '../../server/test-server'

let t: TestServer
let logged: string[]
beforeEach(async () => {
  logged = []
  t = await startTestServer({ requestLog: { write: (line) => logged.push(line), bodies: true } })
})
afterEach(() => t.close())

// The whole state but its time of taking: what a refused call must leave as it was.
const state = () => {
  const { savedAt: _, ...rest } = t.server.snapshot()
  return JSON.stringify(rest)
}
const ledger = () => t.server.platform.ledger

describe('POST /__ref/ledger/wallets (docs/protocol.md §10)', () => {
  it('funds new ed25519 wallets: count, drops and networks as asked, seeds only in the answer', async () => {
    const body = await ok(
      await t.control('ledger/wallets', { count: 2, drops: '25000000', networks: ['XAHAU'] }),
    )
    expect(Object.keys(body.wallets)).toEqual(['XAHAU'])
    expect(body.wallets.XAHAU).toHaveLength(2)
    for (const funded of body.wallets.XAHAU) {
      expect(Wallet.fromSeed(funded.seed)).toMatchObject({
        classicAddress: funded.address,
        publicKey: funded.publicKey,
        privateKey: funded.privateKey,
      })
      expect(ledger().account('XAHAU', funded.address, 'validated')?.balance).toBe('25000000')
      expect(ledger().account('TESTNET', funded.address)).toBeNull()
    }
    // The request log shows the answer with its keys redacted.
    const line = logged.find((entry) => entry.startsWith('POST /__ref/ledger/wallets 200')) ?? ''
    expect(line).toContain(body.wallets.XAHAU[0].address)
    expect(line).not.toContain(body.wallets.XAHAU[0].seed)
    expect(line).not.toContain(body.wallets.XAHAU[0].privateKey)
  })

  it('an empty body: ten wallets on every network, 10,000 units each', async () => {
    const { wallets } = await ok(await t.control('ledger/wallets', {}))
    for (const key of NETWORK_KEYS) {
      expect(wallets[key]).toHaveLength(10)
      expect(ledger().account(key, wallets[key][0].address)?.balance).toBe('10000000000')
    }
  })

  it.each([
    [{ count: 0 }, /^count /],
    [{ count: 101 }, /^count /],
    [{ count: 1.5 }, /^count /],
    [{ drops: '1' }, /^drops .*reserve/],
    [{ drops: '10 XRP' }, /^drops must be a whole number of drops/],
    [{ networks: [] }, /^networks /],
    [{ networks: ['TESTNET', 'TESTNET'] }, /^networks must not repeat a network/],
    [{ networks: ['NOPE'] }, /^networks\.0 /],
    [{ count: 1, extra: true }, /extra/],
  ])('%j → 400 naming the field, nothing funded', async (body, message) => {
    const before = state()
    const error = await errorOf(await t.control('ledger/wallets', body))
    expect(error).toMatchObject({ status: 400, code: 600 })
    expect(error.message).toMatch(message)
    expect(state()).toBe(before)
  })
})

describe('POST /__ref/ledger/travel (docs/protocol.md §10)', () => {
  it('{by}: the clock moves and every network closes a ledger at or after its close + by', async () => {
    const before = NETWORK_KEYS.map((key) => ledger().header(key))
    const now = t.server.clock.now()
    const body = await ok(await t.control('ledger/travel', { by: 86_400 }))
    expect(body.now).toBe(new Date(now + 86_400_000).toISOString())
    NETWORK_KEYS.forEach((key, i) => {
      const header = ledger().header(key)
      expect(body.ledgers[key]).toEqual({
        ledger_index: (before[i]?.ledger_index ?? 0) + 1,
        close_time: header?.close_time,
        close_time_iso: header?.close_time_iso,
      })
      expect(body.ledgers[key].close_time).toBeGreaterThanOrEqual(
        (before[i]?.close_time ?? 0) + 86_400,
      )
    })
  })

  it('{to}: every network closes at or after that time', async () => {
    const to = new Date(t.server.clock.now() + 90 * 24 * 3600_000).toISOString()
    const body = await ok(await t.control('ledger/travel', { to }))
    expect(body.now).toBe(to)
    for (const key of NETWORK_KEYS) {
      expect(Date.parse(body.ledgers[key].close_time_iso)).toBeGreaterThanOrEqual(Date.parse(to))
    }
  })

  it.each([
    [() => ({}), /^by or to is required/],
    [() => ({ by: 10, to: new Date().toISOString() }), /^to and by exclude each other/],
    [() => ({ by: -1 }), /^by /],
    [() => ({ by: 2.5 }), /^by must be whole seconds/],
    [() => ({ by: '60' }), /^by /],
    [() => ({ by: 11 * 365 * 24 * 3600 }), /^by /],
    [() => ({ to: 'tomorrow' }), /^to must be an ISO 8601 time/],
    [() => ({ to: new Date(t.server.clock.now() - 60_000).toISOString() }), /^to is in the past/],
    [() => ({ by: 60, when: 'now' }), /when/],
  ])('bad body %# → 400 naming the field, nothing moved', async (body, message) => {
    const [before, now] = [state(), t.server.clock.now()]
    const error = await errorOf(await t.control('ledger/travel', body()))
    expect(error).toMatchObject({ status: 400, code: 600 })
    expect(error.message).toMatch(message)
    expect(t.server.clock.now()).toBe(now)
    expect(state()).toBe(before)
  })

  it.each(['ledger/travel', 'ledger/wallets'])(
    '%s from another origin → 403, nothing changed',
    async (path) => {
      const before = state()
      const res = await t.control(path, { by: 60 }, { origin: 'https://evil.example' })
      expect(res.status).toBe(403)
      expect(state()).toBe(before)
    },
  )
})
