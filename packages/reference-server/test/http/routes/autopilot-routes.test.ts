import { PullSign } from 'pullsign'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CONTROL_API_PATH } from '../../../src/control-api-types'
import { errorOf, okJson as ok, startTestServer, type TestServer } from '../../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const autopilot = (body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.endpoints.api}${CONTROL_API_PATH}/autopilot`, {
    method: body === undefined ? 'DELETE' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
const state = async () => ok(await t.control('state'))

describe('POST and DELETE /__ref/autopilot (docs/protocol.md §10)', () => {
  it('a rule answers the SDK’s payload with no test code touching it, on the moved clock', async () => {
    const set = await ok(await autopilot({ user: t.alice.uuid, answer: 'sign', txType: 'SignIn' }))
    const rule = {
      user: t.alice.uuid,
      answer: 'sign',
      afterMs: 500,
      application: null,
      txType: 'SignIn',
      enabled: true,
      network: null,
    }
    expect(set).toEqual({ autopilot: [rule] })
    expect((await state()).autopilot).toEqual([rule])

    const pullsign = new PullSign({
      apiKey: t.app.apiKey,
      apiSecret: t.app.apiSecret,
      endpoints: t.endpoints,
    })
    const events: string[] = []
    const subscription = await pullsign.payload.createAndSubscribe(
      { TransactionType: 'SignIn' },
      (event) => {
        events.push(event.type)
      },
    )
    await ok(await t.control('clock/advance', { seconds: 0.5 }))
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ uuid: subscription.uuid, signed: true })
    expect(t.alice.accounts.map((a) => a.address)).toContain(record.response.account)
    expect(events).toContain('resolved')
    expect((await state()).autopilotLog).toMatchObject([
      { payload: subscription.uuid, user: t.alice.uuid, outcome: 'signed', reason: null },
    ])

    // Another type is not in the rule's scope.
    const other = await t.createPayload({
      txjson: { TransactionType: 'AccountSet' },
    })
    await ok(await t.control('clock/advance', { seconds: 60 }))
    expect(t.server.platform.payloads.record(other.uuid).meta.resolved).toBe(false)
  })

  it('a skipped payload shows its reason in the state', async () => {
    await ok(await autopilot({ user: t.alice.uuid, answer: 'reject', afterMs: 60_000 }))
    const created = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      options: { expire: 1 },
    })
    await ok(await t.control('clock/advance', { seconds: 60 }))
    const [entry] = (await state()).autopilotLog
    expect(entry).toMatchObject({ payload: created.uuid, outcome: 'skipped', answer: 'reject' })
    expect(entry.reason).toMatch(/expired before it was opened/)
  })

  it('DELETE ends every rule', async () => {
    await ok(await autopilot({ user: t.alice.uuid, answer: 'sign' }))
    await ok(await autopilot({ user: t.bob.uuid, answer: 'reject', application: t.app.uuid }))
    expect((await state()).autopilot).toHaveLength(2)
    expect(await ok(await autopilot())).toEqual({ autopilot: [] })
    expect((await state()).autopilot).toEqual([])
    const created = await t.createPayload()
    await ok(await t.control('clock/advance', { seconds: 60 }))
    expect(t.server.platform.payloads.record(created.uuid).meta.resolved).toBe(false)
  })

  it('POST /__ref/reset ends every rule', async () => {
    await ok(await autopilot({ user: t.alice.uuid, answer: 'sign' }))
    await ok(await t.control('reset', {}))
    expect((await state()).autopilot).toEqual([])
  })

  it.each([
    [{ user: '6f0e4a55-0000-4000-8000-000000000000', answer: 'sign' }, 'user'],
    [{ answer: 'sign' }, 'user'],
    [{ user: 'ALICE', answer: 'maybe' }, 'answer'],
    [{ user: 'ALICE', answer: 'sign', afterMs: 60_001 }, 'afterMs'],
    [{ user: 'ALICE', answer: 'sign', application: 'nope' }, 'application'],
    [{ user: 'ALICE', answer: 'sign', txType: 'Paymnt' }, 'txType'],
    ['{"user":', 'body'],
  ])('%j → 400 naming %s, nothing changed', async (input, field) => {
    await ok(await autopilot({ user: t.bob.uuid, answer: 'reject' }))
    const before = await state()
    const body =
      typeof input === 'object' && 'user' in input && input.user === 'ALICE'
        ? { ...input, user: t.alice.uuid }
        : input
    const error = await errorOf(await autopilot(body))
    expect(error).toMatchObject({ status: 400 })
    expect(error.message.startsWith(field), error.message).toBe(true)
    expect(await state()).toEqual(before)
  })

  it('is same-origin only: another Origin gets 403 and changes nothing', async () => {
    await ok(await autopilot({ user: t.bob.uuid, answer: 'reject' }))
    const before = await state()
    const evil = { origin: 'https://evil.example' }
    const post = await autopilot({ user: t.alice.uuid, answer: 'sign' }, evil)
    expect(await errorOf(post)).toMatchObject({ status: 403, code: 812 })
    expect(await errorOf(await autopilot(undefined, evil))).toMatchObject({ status: 403 })
    expect(await state()).toEqual(before)
  })
})
