import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PlatformError } from '../../src/platform/errors'
import { OUTSIDER } from '../platform/test-platform'
import { type WalletSetup, walletSetup } from './wallet-setup'

const SIGN_IN = { txjson: { TransactionType: 'SignIn' } }
const PAYMENT = { txjson: { TransactionType: 'Payment', Destination: OUTSIDER, Amount: '1000' } }

let w: WalletSetup
beforeEach(() => {
  w = walletSetup()
})
afterEach(() => w.dispose())

const stateOf = (uuid: string) => {
  const { meta } = w.platform.payloads.record(uuid)
  return meta.signed ? 'signed' : meta.resolved ? 'rejected' : 'pending'
}
/** Moves the server clock by ms. */
const advance = (ms: number) => w.clock.advance(ms / 1000)

// Event-loop turns (each one a zero-delay timer, so an answer given "at the next turn" has had its
// own), not clock time, until `ready` holds; `limit` turns at most.
const turnsUntil = async (ready: () => boolean, limit = 20) => {
  for (let turn = 0; turn < limit && !ready(); turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return ready()
}

describe('the autopilot on a manual clock nobody moves (docs/protocol.md §10)', () => {
  it('afterMs: 0 answers at once, without an advance', async () => {
    w.platform.wallet.autopilot({ user: w.alice.uuid, answer: 'sign', afterMs: 0 })
    const { uuid, events } = w.create(SIGN_IN)
    expect(await turnsUntil(() => stateOf(uuid) === 'signed')).toBe(true)
    expect(events).toEqual(['opened', 'pre_signed', 'resolved'])
    expect(w.platform.state().autopilotLog[0]).toMatchObject({ payload: uuid, outcome: 'signed' })
  })

  it('a positive afterMs waits for advance to reach it', async () => {
    w.platform.wallet.autopilot({ user: w.alice.uuid, answer: 'reject', afterMs: 1 })
    const { uuid } = w.create(SIGN_IN)
    expect(await turnsUntil(() => stateOf(uuid) !== 'pending', 3)).toBe(false)
    advance(1)
    expect(stateOf(uuid)).toBe('rejected')
  })

  it('an answer at once is given once, and none after its rule ended', async () => {
    w.platform.wallet.autopilot({ user: w.alice.uuid, answer: 'sign', afterMs: 0 })
    const answered = w.create(SIGN_IN).uuid
    advance(0) // the clock's turn comes first: the event loop's then finds nothing to do
    await turnsUntil(() => stateOf(answered) === 'signed')
    await turnsUntil(() => false, 3)
    expect(w.platform.state().autopilotLog).toHaveLength(1)
    const ended = w.create(SIGN_IN).uuid
    w.platform.wallet.clearAutopilot()
    expect(await turnsUntil(() => stateOf(ended) !== 'pending', 3)).toBe(false)
  })
})

describe('the autopilot signs on the network its rule names (docs/protocol.md §10)', () => {
  it('a payload that forces none is signed on the rule’s network; a forced one on its own', async () => {
    w.platform.wallet.autopilot({ user: w.alice.uuid, answer: 'sign', network: 'TESTNET' })
    const free = w.create(PAYMENT).uuid
    const forced = w.create({ ...PAYMENT, options: { force_network: 'XAHAU' } }).uuid
    advance(500)
    await turnsUntil(() => stateOf(free) === 'signed' && stateOf(forced) === 'signed')
    expect(w.platform.payloads.record(free).response.environment_nodetype).toBe('TESTNET')
    expect(w.platform.payloads.record(forced).response.environment_nodetype).toBe('XAHAU')
    expect(w.platform.wallet.autopilotRules()[0]?.network).toBe('TESTNET')
  })

  it('an unknown network is refused naming network', () => {
    expect(() =>
      w.platform.wallet.autopilot({
        user: w.alice.uuid,
        answer: 'sign',
        network: 'testnet' as never,
      }),
    ).toThrow(expect.objectContaining({ code: 600, message: expect.stringMatching(/^network /) }))
  })
})

describe('wallet autopilot (docs/protocol.md §10 /__ref/autopilot)', () => {
  it('opens and signs every new payload as the user, 500 ms after its creation by default', async () => {
    const rules = w.platform.wallet.autopilot({ user: w.alice.uuid, answer: 'sign' })
    expect(rules).toEqual([
      {
        user: w.alice.uuid,
        answer: 'sign',
        afterMs: 500,
        application: null,
        txType: null,
        enabled: true,
        network: null,
      },
    ])
    const { uuid, events } = w.create(SIGN_IN)
    advance(499)
    expect(stateOf(uuid)).toBe('pending')
    advance(1)
    await Promise.resolve()
    expect(stateOf(uuid)).toBe('signed')
    expect(events).toEqual(['opened', 'pre_signed', 'resolved'])
    const record = w.platform.payloads.record(uuid)
    expect(w.alice.accounts.map((a) => a.address)).toContain(record.response.account)
    expect(w.platform.state().autopilotLog).toEqual([
      {
        at: '2026-01-01T00:00:00.500Z',
        payload: uuid,
        user: w.alice.uuid,
        answer: 'sign',
        outcome: 'signed',
        reason: null,
      },
    ])
  })

  it('rejects as the user after afterMs; a payload created before the rule is left alone', () => {
    const before = w.create(PAYMENT)
    w.platform.wallet.autopilot({ user: w.bob.uuid, answer: 'reject', afterMs: 2000 })
    const { uuid } = w.create(PAYMENT)
    advance(1999)
    expect(stateOf(uuid)).toBe('pending')
    advance(1)
    expect(stateOf(uuid)).toBe('rejected')
    expect(w.platform.payloads.record(uuid).meta.opened_by_deeplink).toBe(false)
    advance(60_000)
    expect(stateOf(before.uuid)).toBe('pending')
  })

  it('answers with the most specific rule switched on; a new rule for a scope replaces the old', () => {
    const other = w.platform.applications.create({ name: 'Other shop' })
    const wallet = w.platform.wallet
    wallet.autopilot({ user: w.alice.uuid, answer: 'reject', afterMs: 0 })
    wallet.autopilot({ user: w.alice.uuid, answer: 'sign', afterMs: 0, txType: 'SignIn' })
    wallet.autopilot({ user: w.alice.uuid, answer: 'sign', afterMs: 0, application: other.uuid })
    const rules = wallet.autopilot({
      user: w.alice.uuid,
      answer: 'reject',
      afterMs: 0,
      application: other.uuid,
      txType: 'SignIn',
    })
    expect(rules.map((r) => [r.application, r.txType, r.answer])).toEqual([
      [null, null, 'reject'],
      [null, 'SignIn', 'sign'],
      [other.uuid, null, 'sign'],
      [other.uuid, 'SignIn', 'reject'],
    ])
    const cases = [
      [w.create(SIGN_IN, other).uuid, 'rejected'],
      [w.create(PAYMENT, other).uuid, 'signed'],
      [w.create(SIGN_IN).uuid, 'signed'],
      [w.create(PAYMENT).uuid, 'rejected'],
    ] as const
    advance(0)
    for (const [uuid, expected] of cases) expect(stateOf(uuid)).toBe(expected)

    // Same scope: replaced in place, not added.
    const replaced = wallet.autopilot({ user: w.bob.uuid, answer: 'sign', afterMs: 0 })
    expect(replaced).toHaveLength(4)
    expect(replaced[0]).toMatchObject({ user: w.bob.uuid, answer: 'sign' })
    const payment = w.create(PAYMENT).uuid
    advance(0)
    expect(stateOf(payment)).toBe('signed')
    expect(w.platform.payloads.record(payment).response.account).toBe(w.bob.accounts[0]?.address)
  })

  it('a rule switched off answers nothing and a broader rule answers instead', () => {
    const wallet = w.platform.wallet
    wallet.autopilot({ user: w.alice.uuid, answer: 'reject', afterMs: 0 })
    wallet.autopilot({ user: w.alice.uuid, answer: 'sign', afterMs: 0, txType: 'SignIn' })
    const rules = wallet.autopilot({
      user: w.alice.uuid,
      answer: 'sign',
      afterMs: 0,
      txType: 'SignIn',
      enabled: false,
    })
    expect(rules.map((r) => r.enabled)).toEqual([true, false])
    const { uuid } = w.create(SIGN_IN)
    advance(0)
    expect(stateOf(uuid)).toBe('rejected')
  })

  it('clearAutopilot and reset end every rule and every answer not given yet', () => {
    const wallet = w.platform.wallet
    wallet.autopilot({ user: w.alice.uuid, answer: 'sign', afterMs: 1000 })
    const waiting = w.create(SIGN_IN).uuid
    expect(wallet.clearAutopilot()).toEqual([])
    expect(w.platform.state().autopilot).toEqual([])
    advance(60_000)
    expect(stateOf(waiting)).toBe('pending')
    expect(stateOf(w.create(SIGN_IN).uuid)).toBe('pending')

    wallet.autopilot({ user: w.alice.uuid, answer: 'sign', afterMs: 1000 })
    w.create(SIGN_IN)
    w.platform.reset()
    expect(w.platform.state().autopilot).toEqual([])
    expect(w.platform.state().autopilotLog).toEqual([])
    advance(60_000) // the cancelled answer would find its payload gone; nothing fires
    expect(w.platform.state().autopilotLog).toEqual([])
  })

  it('replacing a rule cancels the answers it has not given yet', () => {
    const wallet = w.platform.wallet
    wallet.autopilot({ user: w.alice.uuid, answer: 'sign', afterMs: 1000 })
    const waiting = w.create(SIGN_IN).uuid
    wallet.autopilot({ user: w.alice.uuid, answer: 'reject', afterMs: 1000 })
    advance(1000)
    expect(stateOf(waiting)).toBe('pending')
  })

  describe('skips a payload the user cannot answer, says why, and breaks nothing', () => {
    const skipped = () => w.platform.state().autopilotLog.filter((e) => e.outcome === 'skipped')

    it.each([
      {
        name: 'bound to another user',
        make: () => w.platform.payloads.create(w.app, SIGN_IN, { userUuid: w.bob.uuid }).uuid,
        afterMs: 0,
        reason: /bound to/,
        state: 'pending',
      },
      {
        name: 'expired before the answer',
        make: () => w.create({ ...SIGN_IN, options: { expire: 1 } }).uuid,
        afterMs: 60_000,
        reason: /expired before it was opened/,
        state: 'pending',
      },
      {
        name: 'already resolved',
        make: () => {
          const { uuid } = w.create(SIGN_IN)
          w.platform.wallet.reject(uuid, { user: w.bob.uuid })
          return uuid
        },
        afterMs: 0,
        reason: /already resolved/,
        state: 'rejected',
      },
      {
        name: 'no account of the user may sign on the network',
        make: () =>
          w.create({
            ...PAYMENT,
            options: { signers: [w.bob.accounts[0]?.address], force_network: 'TESTNET' },
          }).uuid,
        afterMs: 0,
        reason: /options\.signers lists only accounts the user does not hold on TESTNET/,
        state: 'pending',
      },
    ])('$name', async ({ make, afterMs, reason, state }) => {
      w.platform.wallet.autopilot({ user: w.alice.uuid, answer: 'sign', afterMs })
      const uuid = make()
      advance(afterMs)
      await Promise.resolve()
      expect(stateOf(uuid)).toBe(state)
      expect(skipped()).toEqual([
        expect.objectContaining({ payload: uuid, user: w.alice.uuid, reason: expect.any(String) }),
      ])
      expect(skipped()[0]?.reason).toMatch(reason)
      // The autopilot keeps answering the next payload.
      const next = w.create(SIGN_IN).uuid
      advance(afterMs)
      await Promise.resolve()
      expect(stateOf(next)).toBe('signed')
    })
  })

  describe('refuses a bad rule naming the field, and changes nothing', () => {
    it.each([
      [{ answer: 'sign' }, 'user'],
      [{ user: 'no-such-user', answer: 'sign' }, 'user'],
      [{ user: 'ALICE', answer: 'approve' }, 'answer'],
      [{ user: 'ALICE', answer: 'sign', afterMs: -1 }, 'afterMs'],
      [{ user: 'ALICE', answer: 'sign', afterMs: 60_001 }, 'afterMs'],
      [{ user: 'ALICE', answer: 'sign', afterMs: 1.5 }, 'afterMs'],
      [{ user: 'ALICE', answer: 'sign', afterMs: '500' }, 'afterMs'],
      [{ user: 'ALICE', answer: 'sign', application: 'no-such-app' }, 'application'],
      [{ user: 'ALICE', answer: 'sign', txType: 'Signin' }, 'txType'],
      [{ user: 'ALICE', answer: 'sign', enabled: 'yes' }, 'enabled'],
      ['sign', 'body'],
    ])('%j → 600 naming %s', (input, field) => {
      w.platform.wallet.autopilot({ user: w.bob.uuid, answer: 'reject' })
      const before = JSON.stringify(w.platform.state())
      const body =
        typeof input === 'object' && 'user' in input && input.user === 'ALICE'
          ? { ...input, user: w.alice.uuid }
          : input
      let error: unknown
      try {
        w.platform.wallet.autopilot(body as never)
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(PlatformError)
      expect(error).toMatchObject({ status: 400, code: 600 })
      expect((error as Error).message.startsWith(`${field} `)).toBe(true)
      expect(JSON.stringify(w.platform.state())).toBe(before)
    })
  })
})
