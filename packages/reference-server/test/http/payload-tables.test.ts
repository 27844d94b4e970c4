import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { okJson, startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const create = (expire = 5) =>
  t.createPayload({
    txjson: { TransactionType: 'SignIn' },
    options: { expire },
    custom_meta: { identifier: `id-${crypto.randomUUID().slice(0, 8)}` },
  })
const open = (uuid: string) => t.control(`payloads/${uuid}/open`, { user: t.alice.uuid })
const sign = (uuid: string) => t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid })
const reject = (uuid: string) => t.control(`payloads/${uuid}/reject`, { user: t.alice.uuid })
const cancel = (uuid: string) => t.api(`payload/${uuid}`, { method: 'DELETE' })
const advance = (seconds: number) => t.control('clock/advance', { seconds })

describe('the meta boolean table of §3.3, over HTTP', () => {
  const rows: [string, (uuid: string) => Promise<unknown>, Record<string, boolean>][] = [
    [
      'signed',
      (uuid) => sign(uuid),
      { resolved: true, signed: true, cancelled: false, expired: false },
    ],
    [
      'rejected',
      (uuid) => reject(uuid),
      { resolved: true, signed: false, cancelled: false, expired: false },
    ],
    [
      'cancelled',
      (uuid) => cancel(uuid),
      { resolved: false, signed: false, cancelled: true, expired: true },
    ],
    [
      'expired, never opened',
      () => advance(61),
      { resolved: false, signed: false, cancelled: false, expired: true },
    ],
    [
      'opened before expiry, signed after',
      async (uuid) => {
        await okJson(await open(uuid))
        await okJson(await advance(61))
        await okJson(await sign(uuid))
      },
      { resolved: true, signed: true, cancelled: false, expired: true },
    ],
  ]
  it.each(rows)('%s', async (_situation, act, expected) => {
    const { uuid } = await create(1)
    await act(uuid)
    const { meta } = await okJson(await t.api(`payload/${uuid}`))
    const { resolved, signed, cancelled, expired } = meta
    expect({ resolved, signed, cancelled, expired }).toEqual(expected)
  })
})

describe('the cancel reasons of §3.4, over HTTP', () => {
  const rows: [string, (uuid: string) => Promise<unknown>, boolean][] = [
    ['OK', async () => {}, true],
    ['ALREADY_CANCELLED', (uuid) => cancel(uuid), false],
    ['ALREADY_RESOLVED', (uuid) => sign(uuid), false],
    ['ALREADY_OPENED', (uuid) => open(uuid), false],
    ['ALREADY_EXPIRED', () => advance(61), false],
  ]
  it.each(rows)('%s', async (reason, before, cancelled) => {
    const { uuid } = await create(1)
    await before(uuid)
    const body = await okJson(await cancel(uuid))
    expect(body.result).toEqual({ cancelled, reason })
    expect(body.meta.uuid).toBe(uuid)
    expect(Object.keys(body.custom_meta).sort()).toEqual(['blob', 'identifier', 'instruction'])
  })
})

describe('return URL placeholders (§3.1)', () => {
  it('{id}, {cid} and {txid} are replaced at resolution', async () => {
    const { uuid } = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      options: {
        return_url: { app: 'myapp://done/{id}', web: 'https://shop.example/{id}/{cid}/{txid}' },
      },
      custom_meta: { identifier: 'order-77' },
    })
    const signed = await okJson(await sign(uuid))
    expect(signed.meta.return_url_app).toBe(`myapp://done/${uuid}`)
    expect(signed.meta.return_url_web).toBe(
      `https://shop.example/${uuid}/order-77/${signed.response.txid}`,
    )
  })
})
