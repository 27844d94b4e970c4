import { describe, expect, it } from 'vitest'
import { payment, testPlatforms } from '../test-platform'

const setup = testPlatforms()

describe('payloads answer with objects, one path per read', () => {
  it('has no JSON twins on the public API', () => {
    const { platform } = setup()
    const methods = Object.keys(platform.payloads)
    expect(methods).toEqual(expect.arrayContaining(['create', 'get', 'getByIdentifier']))
    expect(methods.filter((name) => /json|text/i.test(name))).toEqual([])
  })

  it('keeps the transaction requested, whatever the caller does with its object afterwards', async () => {
    const { platform, app, alice } = setup()
    const memo = { Memo: { MemoData: 'AA' } }
    const body = payment({ Memos: [memo] })
    const first = platform.payloads.create(app, body).uuid
    body.txjson.Amount = '999'
    memo.Memo.MemoData = 'BB'
    const second = platform.payloads.create(app, payment({ Memos: [{ Memo: { MemoData: 'AA' } }] }))
    for (const uuid of [first, second.uuid]) {
      const { request_json } = platform.payloads.get(app, uuid).payload
      expect(request_json).toMatchObject({
        Amount: '1000000',
        Memos: [{ Memo: { MemoData: 'AA' } }],
      })
    }
    // Signed as requested, twice over.
    for (const uuid of [first, second.uuid]) {
      const signed = await platform.wallet.sign(uuid, { user: alice.uuid })
      expect(signed.meta.signed).toBe(true)
      expect(signed.payload.request_json).toMatchObject({ Memos: [{ Memo: { MemoData: 'AA' } }] })
    }
  })

  it('gives the same frozen record while nothing it shows changes, a new one after a change', () => {
    const { platform, clock, app, alice } = setup()
    const { uuid } = platform.payloads.create(app, {
      ...payment(),
      custom_meta: { identifier: 'o-1', blob: { lines: [{ sku: 'A', qty: 1 }] } },
    })
    const record = platform.payloads.get(app, uuid)
    expect(Object.isFrozen(record.meta)).toBe(true)
    expect(Object.isFrozen(record.payload.request_json)).toBe(true)
    const [line] = (record.custom_meta.blob as { lines: { qty: number }[] }).lines
    expect(() => {
      if (line) line.qty = 2
    }).toThrow(TypeError)
    expect(line?.qty).toBe(1)
    expect(platform.payloads.getByIdentifier(app, 'o-1')).toBe(record)
    expect(platform.payloads.record(uuid)).toBe(record)

    clock.advance(1)
    const later = platform.payloads.record(uuid)
    expect(later).not.toBe(record)
    expect(later.payload.expires_in_seconds).toBe(record.payload.expires_in_seconds - 1)

    platform.payloads.open(uuid, { userUuid: alice.uuid })
    const opened = platform.payloads.record(uuid)
    expect(opened).not.toBe(later)
    expect(opened.meta.app_opened).toBe(true)
    expect(later.meta.app_opened).toBe(false)
  })
})
