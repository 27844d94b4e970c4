import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, okJson, startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const uuidsOf = (list: { payloads: Array<{ meta: { uuid: string } }> }) =>
  list.payloads.map((record) => record.meta.uuid)

describe('GET /__ref/payloads (docs/protocol.md §10)', () => {
  it('counts and lists what was stored, newest first; nothing stored is count 0', async () => {
    expect(await okJson(await t.control('payloads'))).toEqual({ count: 0, payloads: [] })
    const first = (await t.createPayload()).uuid
    const second = (await t.createPayload()).uuid
    const list = await okJson(await t.control('payloads'))
    expect(list.count).toBe(2)
    expect(uuidsOf(list as never)).toEqual([second, first])
    expect(list.payloads[0]).toEqual(t.server.platform.payloads.record(second))
    expect(list.next).toBeUndefined()
  })

  it('filters by state, application and user', async () => {
    const other = await okJson(await t.control('applications', { name: 'Other shop' }))
    const otherHeaders = { 'x-api-key': other.apiKey, 'x-api-secret': other.apiSecret }
    const pending = (await t.createPayload()).uuid
    const opened = (await t.createPayload()).uuid
    const signed = (await t.createPayload()).uuid
    const rejected = (await t.createPayload()).uuid
    const cancelled = (await t.createPayload()).uuid
    const foreign = (
      await okJson(
        await t.api('payload', {
          json: { txjson: { TransactionType: 'SignIn' } },
          headers: otherHeaders,
        }),
      )
    ).uuid
    await okJson(await t.control(`payloads/${opened}/open`, { user: t.bob.uuid }))
    await okJson(await t.control(`payloads/${signed}/sign`, { user: t.alice.uuid }))
    await okJson(await t.control(`payloads/${rejected}/reject`, { user: t.alice.uuid }))
    await okJson(await t.api(`payload/${cancelled}`, { method: 'DELETE' }))
    const list = async (query: string) =>
      uuidsOf((await okJson(await t.control(`payloads?${query}`))) as never)

    expect(await list('state=pending')).toEqual([foreign, pending])
    expect(await list('state=opened')).toEqual([opened])
    expect(await list('state=signed')).toEqual([signed])
    expect(await list('state=rejected')).toEqual([rejected])
    expect(await list('state=cancelled')).toEqual([cancelled])
    expect(await list(`application=${other.uuid}`)).toEqual([foreign])
    expect(await list(`user=${t.alice.uuid}`)).toEqual([rejected, signed])
    expect(await list(`user=${t.bob.uuid}&state=opened`)).toEqual([opened])
    t.server.clock.advance(241 * 60)
    expect(await list('state=expired')).toEqual([foreign, pending])
    expect(await list('state=pending')).toEqual([])
  })

  it('pages with limit and the cursor of next until every payload was seen once', async () => {
    const created: string[] = []
    for (let i = 0; i < 7; i++) created.push((await t.createPayload()).uuid)
    const seen: string[] = []
    let query = 'limit=3'
    for (let page = 0; page < 5; page++) {
      const list = await okJson(await t.control(`payloads?${query}`))
      expect(list.count).toBe(7)
      seen.push(...uuidsOf(list as never))
      if (list.next === undefined) break
      query = `limit=3&cursor=${list.next}`
    }
    expect(seen).toEqual([...created].reverse())
  })

  it.each([
    ['state=done', 'state'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['application=nope', 'application'],
    ['user=NOPE', 'user'],
    ['cursor=00000000-0000-4000-8000-000000000000', 'cursor'],
    ['status=pending', 'query'],
  ])('%s: 400 naming %s', async (query, field) => {
    await t.createPayload()
    const error = await errorOf(await t.control(`payloads?${query}`))
    expect(error).toMatchObject({ status: 400, code: 600 })
    expect(error.message.startsWith(`${field} `), error.message).toBe(true)
  })

  it('is same-origin only, and the same list is in-process', async () => {
    const uuid = (await t.createPayload()).uuid
    expect(
      (await t.control('payloads', undefined, { origin: 'https://evil.example' })).status,
    ).toBe(403)
    const list = t.server.platform.payloads.list({ state: 'pending', limit: 1 })
    expect(list.count).toBe(1)
    expect(list.payloads[0]?.meta.uuid).toBe(uuid)
    expect(() => t.server.platform.payloads.list({ limit: 1000 })).toThrow(/^limit /)
  })
})
