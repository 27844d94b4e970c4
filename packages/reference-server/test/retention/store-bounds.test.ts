import { afterEach, describe, expect, test } from 'vitest'
import type { Platform } from '../../src/create-platform'
import { createSignInSessions } from '../../src/identity/sign-in-sessions'
import { createXappSessions } from '../../src/identity/xapp-sessions'
import { createLedger } from '../../src/ledger'
import { createClock } from '../../src/platform'
import { MAX_LOGGED_ATTEMPTS } from '../../src/platform/applications/webhook-dispatcher'
import { nativePrice } from '../../src/platform/lookups/rates'
import { DEFAULT_MAX_PAYLOADS } from '../../src/platform/payloads/payload-retention'
import { MAX_MESSAGES_PER_USER } from '../../src/platform/xapps/push'
import { signTx, testKey } from '../ledger/test-keys'
import { START, testPlatform } from '../platform/test-platform'

// DESIGN "Every store is bounded too, by default": each store that grows with traffic stops at its
// bound, so a server left running reaches a steady state. Time moves on the injected clock.

let platform: Platform | undefined
afterEach(() => platform?.dispose())

const started = (options: Parameters<typeof testPlatform>[0] = {}) => {
  const t = testPlatform(options)
  platform = t.platform
  return t
}

describe('the ledger remembers its newest transactions', () => {
  const alice = testKey(41)
  const setup = (history: number) => {
    const clock = createClock({ start: START, manual: true })
    const ledger = createLedger({ clock, closeMs: false, price: nativePrice, history })
    ledger.fund(alice.address, '100000000', ['TESTNET'])
    const pay = () => {
      const sequence = ledger.account('TESTNET', alice.address)?.sequence
      const blob = signTx(
        {
          TransactionType: 'Payment',
          Account: alice.address,
          Destination: testKey(42).address,
          Amount: '1000000',
          Fee: ledger.fee('TESTNET'),
          Sequence: sequence,
        },
        alice,
      )
      const { txid, engine_result } = ledger.submit('TESTNET', blob)
      expect(engine_result).toBe('tesSUCCESS')
      return { txid, blob }
    }
    return { ledger, pay }
  }

  test('past its history the oldest closed ledger is forgotten whole; a lookup then finds nothing and a replay never applies', () => {
    const { ledger, pay } = setup(3)
    const first = [pay(), pay()]
    ledger.close('TESTNET')
    const ctid = ledger.transaction(first[0]?.txid ?? '')?.transaction.ctid
    expect(ctid).toBeTruthy()
    const later = [pay()]
    ledger.close('TESTNET')
    // Four closed transactions with a history of 3: the first ledger (two of them) goes.
    later.push(pay(), pay())
    ledger.close('TESTNET')

    for (const { txid } of first) expect(ledger.transaction(txid), txid).toBeNull()
    expect(ledger.transactionByCtid(ctid ?? '')).toBeNull()
    for (const { txid } of later) expect(ledger.transaction(txid)?.transaction.validated).toBe(true)
    const balance = ledger.account('TESTNET', alice.address)?.balance
    expect(ledger.submit('TESTNET', first[0]?.blob ?? '')).toMatchObject({
      engine_result: 'tefPAST_SEQ',
      applied: false,
    })
    expect(ledger.account('TESTNET', alice.address)?.balance).toBe(balance)
  })

  test('the newest closed ledger stays whole, even past the history', () => {
    const { ledger, pay } = setup(1)
    const both = [pay(), pay()]
    ledger.close('TESTNET')
    for (const { txid } of both) expect(ledger.transaction(txid)?.transaction.validated).toBe(true)
  })

  test.each([0, 1.5, -1])('a history of %s is refused naming it', (history) => {
    expect(() => started({ ledgerHistory: history })).toThrow(/history must be a positive integer/)
  })
})

describe('payloads: at most 10,000 by default', () => {
  test('past the default bound, the oldest payloads that are over are forgotten', () => {
    const { platform, app, alice } = started()
    const create = () =>
      platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } }).uuid
    const first = create()
    platform.wallet.reject(first, { user: alice.uuid })
    const live = create()
    for (let i = 0; i < DEFAULT_MAX_PAYLOADS; i++) {
      platform.wallet.reject(create(), { user: alice.uuid })
    }
    expect(platform.payloads.size).toBeLessThanOrEqual(DEFAULT_MAX_PAYLOADS)
    expect(() => platform.payloads.get(app, first)).toThrow(
      expect.objectContaining({ status: 404 }),
    )
    expect(platform.payloads.get(app, live).meta.resolved).toBe(false)
  })
})

describe('sign-in sessions: 30 minutes, and a bounded number', () => {
  const session = (id: string, createdAt: number) => ({
    id,
    request: {} as never,
    payloadUuid: `payload-${id}`,
    createdAt,
    delivered: false,
  })

  test('past the bound the oldest session is forgotten, by id and by payload', () => {
    const clock = createClock({ start: START, manual: true })
    const sessions = createSignInSessions(clock, () => true, 3)
    for (const id of ['a', 'b', 'c', 'd']) sessions.add(session(id, clock.now()))
    expect(sessions.get('a')).toBeNull()
    expect(sessions.byPayload('payload-a')).toBeNull()
    expect(['b', 'c', 'd'].map((id) => sessions.get(id)?.id)).toEqual(['b', 'c', 'd'])
  })

  test('a session is forgotten 30 minutes after it started', () => {
    const clock = createClock({ start: START, manual: true })
    const sessions = createSignInSessions(clock, () => true)
    sessions.add(session('a', clock.now()))
    clock.advance(30 * 60)
    expect(sessions.get('a')?.id).toBe('a')
    clock.advance(1)
    expect(sessions.get('a')).toBeNull()
    sessions.add(session('b', clock.now()))
    expect(sessions.recent(10).map((s) => s.id)).toEqual(['b'])
  })
  test('a session whose SignIn payload was forgotten goes with the next sign-in', () => {
    const clock = createClock({ start: START, manual: true })
    const kept = new Set(['payload-a', 'payload-b'])
    const sessions = createSignInSessions(clock, (uuid) => kept.has(uuid))
    sessions.add(session('a', clock.now()))
    sessions.add(session('b', clock.now()))
    kept.delete('payload-a')
    sessions.add(session('c', clock.now()))
    expect(sessions.recent(10).map((s) => s.id)).toEqual(['c', 'b'])
  })
})

describe('xApp JWT sessions: a bounded number', () => {
  test('past the bound the least recently used launch no longer backs its JWT', () => {
    const clock = createClock({ start: START, manual: true })
    const sessions = createXappSessions(clock, 2)
    const [app, user] = ['app-uuid', 'user-uuid']
    for (const ott of ['ott-1', 'ott-2', 'ott-3']) sessions.record(ott, app, user)
    expect(sessions.issued('ott-1', app, user)).toBe(false)
    expect(sessions.issued('ott-2', app, user)).toBe(true)
    expect(sessions.issued('ott-3', app, user)).toBe(true)
  })
})

describe('xApp launches: an hour, and at most 1,000', () => {
  const xappSetup = () => {
    const t = started()
    const app = t.platform.applications.create({
      name: 'Game',
      xapp: { url: 'https://game.example/' },
    })
    const launch = () => t.platform.xapps.launch({ application: app.uuid, user: t.alice.uuid }).ott
    return { ...t, app, launch }
  }

  test('past 1,000 launches the oldest is forgotten: its OTT is refused (815)', () => {
    const { platform, app, launch } = xappSetup()
    const first = launch()
    for (let i = 0; i < 1_000; i++) launch()
    expect(platform.xapps.launchOf(first)).toBeNull()
    expect(() => platform.xapps.exchange(app, first)).toThrow(
      expect.objectContaining({ code: 815 }),
    )
  })

  test('a launch is forgotten an hour after its OTT was armed', () => {
    const { platform, clock, launch } = xappSetup()
    const ott = launch()
    clock.advance(3600)
    expect(platform.xapps.launchOf(ott)?.ott).toBe(ott)
    clock.advance(1)
    expect(platform.xapps.launchOf(ott)).toBeNull()
  })
})

describe('pushes: the newest 500 per user', () => {
  test('past 500 pushes to a user the oldest is dropped', () => {
    const { platform, app, alice } = started()
    const { token } = platform.tokens.issue(app, alice.uuid)
    for (let i = 0; i <= MAX_MESSAGES_PER_USER; i++) {
      expect(platform.push.event(app, { user_token: token, body: `push ${i}` }).pushed).toBe(true)
    }
    const received = platform.push.received(alice.uuid)
    expect(received).toHaveLength(MAX_MESSAGES_PER_USER)
    expect(received[0]?.body).toBe(`push ${MAX_MESSAGES_PER_USER}`)
    expect(received.at(-1)?.body).toBe('push 1')
  })
})

describe('the webhook log: the newest 10,000 attempts', () => {
  test('past 10,000 attempts the oldest leaves the log', async () => {
    const { platform, app } = started({
      fetch: async () => new Response(null, { status: 204 }),
    })
    const hooked = platform.applications.create({
      name: 'Hooked',
      webhookUrl: 'https://hooks.example/pullsign',
    })
    expect(app.uuid).not.toBe(hooked.uuid)
    const body = (i: number) =>
      ({ meta: { url: hooked.webhookUrl, payload_uuidv4: `payload-${i}` } }) as never
    for (let i = 0; i <= MAX_LOGGED_ATTEMPTS; i++) platform.webhooks.deliver(hooked, body(i))
    await platform.webhooks.settled()
    const log = platform.webhooks.attempts()
    expect(log).toHaveLength(MAX_LOGGED_ATTEMPTS)
    // One of the 10,001 attempts, the first to finish, left the log.
    expect(new Set(log.map((attempt) => attempt.payload_uuidv4)).size).toBe(MAX_LOGGED_ATTEMPTS)
    expect(log.every((attempt) => attempt.ok)).toBe(true)
  })
})
