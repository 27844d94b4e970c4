import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { createBoundedCache, sharedCacheEntries } from '../../src/bounded-cache'
import { OUTSIDER } from '../platform/test-platform'
import { errorOf, okJson, startTestServer, type TestServer } from './test-server'

const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

const started = async () => {
  const server = await startTestServer()
  servers.push(server)
  return server
}

// Fills every module-level cache the way traffic does: transaction checks and classic addresses
// on create, key objects and key addresses when the wallet signs and the ledger verifies.
async function signedPayment(server: TestServer, drops: string) {
  const { uuid } = await server.createPayload({
    txjson: {
      TransactionType: 'Payment',
      Destination: server.bob.accounts[0]?.address,
      Amount: drops,
    },
  })
  await okJson(await server.control(`payloads/${uuid}/sign`, { user: server.alice.uuid }))
  return uuid
}

describe("module-level memos: bounded, and not one server's to reset", () => {
  it("one server's reset leaves the memos every other server in the process uses, and signing works after it", async () => {
    const [first, second] = [await started(), await started()]
    await signedPayment(first, '1000')
    const filled = sharedCacheEntries()
    expect(filled).toBeGreaterThanOrEqual(4)

    await okJson(await first.control('reset', {}))
    second.server.platform.reset()
    expect(sharedCacheEntries()).toBe(filled)

    for (const server of [first, second]) {
      const uuid = await signedPayment(server, '1000')
      const record = await okJson(await server.api(`payload/${uuid}`))
      expect(record.meta.signed).toBe(true)
    }
  })

  it('two servers answer each from its own applications and ledger, whichever warmed the memos first', async () => {
    const [first, second] = [await started(), await started()]
    // The same SetRegularKey text, checked by an application that holds restricted_types on the
    // first server and by one that does not on the second (the check is remembered only once passed).
    const shop = async (server: TestServer, permissions: string[]) => {
      const app = await okJson(await server.control('applications', { name: 'Shop', permissions }))
      return { 'x-api-key': app.apiKey as string, 'x-api-secret': app.apiSecret as string }
    }
    const [allowed, plain] = [await shop(first, ['restricted_types']), await shop(second, [])]
    const body = { txjson: { TransactionType: 'SetRegularKey', RegularKey: OUTSIDER } }
    const create = (server: TestServer, headers: Record<string, string>) =>
      server.api('payload', { json: body, headers })
    for (let round = 0; round < 2; round++) {
      expect((await create(first, allowed)).status).toBe(200)
      expect(await errorOf(await create(second, plain))).toMatchObject({ status: 403, code: 603 })
    }

    // An account funded on the first server only: its AccountID and index are remembered by the
    // first one's answer, and the second still finds no such account.
    const accountInfo = async (server: TestServer) => {
      const res = await fetch(`${server.endpoints.api}/ledger/TESTNET`, {
        method: 'POST',
        body: JSON.stringify({ method: 'account_info', params: [{ account: OUTSIDER }] }),
      })
      return (await res.json()).result
    }
    first.server.platform.ledger.fund(OUTSIDER, 25_000_000n, ['TESTNET'])
    first.server.platform.ledger.close('TESTNET')
    expect((await accountInfo(first)).account_data.Balance).toBe('25000000')
    expect((await accountInfo(second)).error).toBe('actNotFound')
    second.server.platform.ledger.fund(OUTSIDER, 30_000_000n, ['TESTNET'])
    second.server.platform.ledger.close('TESTNET')
    expect((await accountInfo(second)).account_data.Balance).toBe('30000000')
    expect((await accountInfo(first)).account_data.Balance).toBe('25000000')
  })

  it('keeps no long key: a 200 KB transaction is checked every time, not remembered', async () => {
    const server = await started()
    const destination = server.bob.accounts[0]?.address
    const create = (extra: Record<string, unknown>) =>
      server.createPayload({
        txjson: { TransactionType: 'Payment', Destination: destination, Amount: '1', ...extra },
      })
    await create({})
    const before = sharedCacheEntries()
    const memo = { Memo: { MemoData: 'AB'.repeat(100_000) } }
    await create({ Memos: [memo] })
    await create({ Memos: [memo] })
    expect(sharedCacheEntries()).toBe(before)
    await create({ Amount: '2' })
    expect(sharedCacheEntries()).toBe(before + 1)
  })
})

describe('createBoundedCache', () => {
  const operations = fc.array(
    fc.record({ key: fc.string({ maxLength: 24 }), value: fc.string({ maxLength: 200 }) }),
    { maxLength: 300 },
  )

  it('never holds more entries than its count', () => {
    fc.assert(
      fc.property(operations, fc.integer({ min: 1, max: 50 }), (ops, maxEntries) => {
        const cache = createBoundedCache<string>({ maxKeyLength: 16, maxEntries })
        for (const { key, value } of ops) {
          cache.set(key, value)
          expect(cache.size).toBeLessThanOrEqual(maxEntries)
          if (key.length > 16) expect(cache.get(key)).toBeUndefined()
        }
      }),
    )
  })

  it('never holds more characters than its budget, keys counted', () => {
    fc.assert(
      fc.property(operations, fc.integer({ min: 1, max: 2_000 }), (ops, maxChars) => {
        const cache = createBoundedCache<string>({
          maxKeyLength: 16,
          maxChars,
          sizeOf: (text) => text.length,
        })
        for (const { key, value } of ops) {
          cache.set(key, value)
          expect(cache.chars).toBeLessThanOrEqual(maxChars)
        }
      }),
    )
  })

  it('evicts the least recently used entry first', () => {
    const cache = createBoundedCache<number>({ maxKeyLength: 8, maxEntries: 2 })
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3])
  })
})
