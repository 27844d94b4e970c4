import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startReceiver } from '../platform/applications/webhook-receiver'
import { okJson as json, startTestServer, type TestServer } from '../server/test-server'
import { openProbe } from '../ws/socket-probe'
import {
  cancelAnswer,
  expectShape,
  nullKeys,
  payloadRecord,
  socketResolved,
  webhookBody,
} from './wire-shapes'

// Shape tests of docs/protocol.md §3.3, §3.4, §4 and §5: every key with its type, and null
// exactly where the protocol allows it, for each state a payload can be in.

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const bob = () => t.bob.accounts[0]?.address ?? ''
const payment = (extra: Record<string, unknown> = {}) => ({
  txjson: { TransactionType: 'Payment', Destination: bob(), Amount: '1000000' },
  options: { force_network: 'TESTNET' },
  ...extra,
})
const record = async (uuid: string) =>
  expectShape(payloadRecord, await json(await t.api(`payload/${uuid}`)))

// §3.3: `response` of a signed, submitted payment has every value; the rest are null until signed.
const RESPONSE_KEYS = [
  'account',
  'dispatched_nodetype',
  'dispatched_result',
  'dispatched_to',
  'dispatched_to_node',
  'environment_networkid',
  'environment_nodetype',
  'environment_nodeuri',
  'hex',
  'multisign_account',
  'resolved_at',
  'signer',
  'signer_pubkey',
  'txid',
  'user',
]

describe('GET payload/{uuid} in every state (docs/protocol.md §3.3)', () => {
  it('untouched: destinations as given, response all null', async () => {
    const { uuid } = await t.createPayload(payment())
    const got = await record(uuid)
    expect(got.meta).toMatchObject({
      destination: bob(),
      resolved: false,
      opened_by_deeplink: null,
    })
    expect(got.payload.tx_destination).toBe(bob())
    expect(nullKeys(got.response)).toEqual(RESPONSE_KEYS)
    expect(got.application.icon_url).toMatch(/^https:\/\//)
  })

  it('signed payment: dispatched_to_node is true, dispatched_to the node URL', async () => {
    const { uuid } = await t.createPayload(payment())
    await json(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
    const got = await record(uuid)
    expect(got.meta).toMatchObject({ resolved: true, signed: true, expired: false })
    expect(got.response.dispatched_to_node).toBe(true)
    expect(got.response.dispatched_to).toMatch(/^wss?:\/\/.+\/ledger\/[A-Z]+$/)
    expect(nullKeys(got.response)).toEqual(['multisign_account'])
    expect(got.application.issued_user_token).not.toBeNull()
  })

  it('signed SignIn: empty destinations are "", request_json is production’s, never dispatched', async () => {
    const { uuid } = await t.createPayload({
      txjson: { TransactionType: 'SignIn', Memos: [{ Memo: { MemoData: 'CAFE' } }] },
    })
    await json(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
    const got = await record(uuid)
    expect(got.meta.destination).toBe('')
    expect(got.meta.resolved_destination).toBe('')
    expect(got.payload.tx_destination).toBe('')
    expect(got.payload.tx_destination.length).toBe(0)
    expect(got.payload.request_json).toEqual({ TransactionType: 'SignIn', SignIn: true })
    expect(got.response.dispatched_to_node).toBe(false)
    expect(nullKeys(got.response)).toEqual([
      'dispatched_nodetype',
      'dispatched_result',
      'dispatched_to',
      'multisign_account',
    ])
  })

  it('submit: false: signed but not sent to a node', async () => {
    const { uuid } = await t.createPayload(payment({ options: { submit: false } }))
    await json(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
    expect((await record(uuid)).response.dispatched_to_node).toBe(false)
  })

  it('rejected: resolved, not signed, only the user and the time in response', async () => {
    const { uuid } = await t.createPayload(payment())
    await json(await t.control(`payloads/${uuid}/reject`, { user: t.alice.uuid }))
    const got = await record(uuid)
    expect(got.meta).toMatchObject({ resolved: true, signed: false })
    expect(nullKeys(got.response)).toEqual(
      RESPONSE_KEYS.filter((k) => k !== 'user' && k !== 'resolved_at'),
    )
  })

  it('cancelled and expired: not resolved, response all null', async () => {
    const cancelled = await t.createPayload(payment())
    await json(await t.api(`payload/${cancelled.uuid}`, { method: 'DELETE' }))
    const expired = await t.createPayload({ txjson: { TransactionType: 'AccountSet' } })
    t.server.clock.advance(241 * 60)
    const gotCancelled = await record(cancelled.uuid)
    expect(gotCancelled.meta).toMatchObject({ cancelled: true, expired: true, resolved: false })
    const gotExpired = await record(expired.uuid)
    expect(gotExpired.meta).toMatchObject({ cancelled: false, expired: true, destination: '' })
    expect(gotExpired.payload.expires_in_seconds).toBeLessThan(0)
    for (const got of [gotCancelled, gotExpired]) {
      expect(nullKeys(got.response)).toEqual(RESPONSE_KEYS)
    }
  })

  it('by custom id: the same record as by uuid', async () => {
    const { uuid } = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      custom_meta: { identifier: 'shape-1', blob: { order: 1 }, instruction: 'Sign in' },
    })
    const byId = expectShape(payloadRecord, await json(await t.api('payload/ci/shape-1')))
    expect(byId.meta.uuid).toBe(uuid)
    expect(byId.meta.destination).toBe('')
    expect(byId.custom_meta).toEqual({
      identifier: 'shape-1',
      blob: { order: 1 },
      instruction: 'Sign in',
    })
  })
})

describe('DELETE payload/{uuid} (docs/protocol.md §3.4)', () => {
  it('answers {result, meta, custom_meta}; meta has "" for a missing destination', async () => {
    const { uuid } = await t.createPayload()
    const first = expectShape(
      cancelAnswer,
      await json(await t.api(`payload/${uuid}`, { method: 'DELETE' })),
    )
    expect(first.result).toEqual({ cancelled: true, reason: 'OK' })
    expect(first.meta.destination).toBe('')
    expect(first.meta.resolved_destination).toBe('')
    const again = expectShape(
      cancelAnswer,
      await json(await t.api(`payload/${uuid}`, { method: 'DELETE' })),
    )
    expect(again.result).toEqual({ cancelled: false, reason: 'ALREADY_CANCELLED' })
  })
})

describe('the webhook body and the websocket messages (docs/protocol.md §4, §5)', () => {
  it('the webhook body of a signed and of a rejected payload', async () => {
    const receiver = await startReceiver([200])
    try {
      const app = await json(
        await t.control('applications', { name: 'Shapes', webhookUrl: receiver.url }),
      )
      const headers = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
      for (const answer of ['sign', 'reject']) {
        const created = await json(await t.api('payload', { json: payment(), headers }))
        await json(await t.control(`payloads/${created.uuid}/${answer}`, { user: t.alice.uuid }))
      }
      await json(await t.control('webhooks?settled'))
      const [signed, rejected] = receiver.received.map((r) =>
        expectShape(webhookBody, JSON.parse(r.raw)),
      )
      expect(signed?.payloadResponse.signed).toBe(true)
      expect(signed?.userToken).not.toBeNull()
      expect(rejected?.payloadResponse).toMatchObject({ signed: false, txid: null })
    } finally {
      await receiver.close()
    }
  })

  it('every message of a signed payload, in order', async () => {
    const created = await t.createPayload(payment({ custom_meta: { identifier: 'ws-1' } }))
    const probe = await openProbe(created.refs.websocket_status)
    try {
      expect(await probe.next()).toEqual({ message: `Welcome ${created.uuid}` })
      const countdown = await probe.next()
      expect(Object.keys(countdown)).toEqual(['expires_in_seconds'])
      expect(Number.isInteger(countdown.expires_in_seconds)).toBe(true)
      await json(await t.api(`payload/${created.uuid}`))
      expect(await probe.next()).toEqual({ devapp_fetched: true })
      await json(await t.control(`payloads/${created.uuid}/sign`, { user: t.alice.uuid }))
      expect(await probe.next()).toEqual({ opened: true })
      expect(await probe.next()).toEqual({ pre_signed: true })
      expect(await probe.next()).toEqual({ dispatched: true })
      const resolved = expectShape(socketResolved, await probe.next())
      expect(resolved).toMatchObject({
        payload_uuidv4: created.uuid,
        signed: true,
        user_token: true,
      })
      probe.send(JSON.stringify({ ping: true }))
      expect(await probe.next()).toEqual({ message: 'Right back at you!' })
    } finally {
      probe.close()
    }
  })

  it('a cancelled payload sends {expired: true}', async () => {
    const created = await t.createPayload()
    const probe = await openProbe(created.refs.websocket_status)
    try {
      await probe.next()
      await probe.next()
      await json(await t.api(`payload/${created.uuid}`, { method: 'DELETE' }))
      expect(await probe.next()).toEqual({ expired: true })
    } finally {
      probe.close()
    }
  })
})
