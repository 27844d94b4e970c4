import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { stepFromHint, stepFromRecord } from '../src/api/payload-outcome'
import { resolveRetry, retryWait } from '../src/core/retry-wait'
import { payloadRecord } from './support/payload-record'

const uuid = '3a6d0a3e-4d2b-4b8e-9c1f-2a3b4c5d6e7f'
const states = {
  pending: {},
  opened: { app_opened: true },
  signed: { resolved: true, signed: true, app_opened: true },
  rejected: { resolved: true, app_opened: true },
  cancelled: { cancelled: true, expired: true },
  'expired unopened': { expired: true },
  'expired opened': { expired: true, app_opened: true },
} as const
type State = keyof typeof states
const record = (state: State) => payloadRecord(uuid, { meta: states[state] })
const resolveHint = { type: 'resolved', data: null } as never
const expireHint = { type: 'expired', data: { expired: true } } as const

describe('what a socket hint means once the record is fetched (docs/protocol.md §3.3, §4)', () => {
  test.each<[State, string | null, string | null, boolean]>([
    // record state, after a resolve hint, after an expired hint, ends the subscription
    ['pending', null, 'expired', false],
    ['opened', null, 'expired', false],
    ['signed', 'resolved', 'resolved', true],
    ['rejected', 'resolved', 'resolved', true],
    ['cancelled', null, 'expired', true],
    ['expired unopened', null, 'expired', true],
    ['expired opened', null, 'expired', false],
  ])(
    'a %s record: resolve hint → %s, expired hint → %s, final %s',
    (state, onResolve, onExpire, final) => {
      expect(stepFromHint(resolveHint, record(state))?.event.type ?? null).toBe(onResolve)
      const step = stepFromHint(expireHint, record(state))
      expect(step?.event.type ?? null).toBe(onExpire)
      expect(step?.final).toBe(final)
      // after a (re)connect, only a final record is an outcome
      expect(stepFromRecord(record(state))?.final ?? false).toBe(final)
    },
  )
})

describe('retry waits', () => {
  const policy = resolveRetry({ delayMs: 500, maxDelayMs: 10_000 })

  test('retry-after in seconds is honoured up to the cap, and refused beyond it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 5 }), (s, n) => {
        const wait = retryWait(policy, n, new Headers({ 'retry-after': String(s) }), 0)
        expect(wait).toBe(s * 1000 <= 10_000 ? s * 1000 : null)
      }),
    )
  })

  test('an HTTP-date retry-after is the time until that date, rounded up to seconds', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    const headers = new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' })
    expect(retryWait(policy, 1, headers, now + 500)).toBe(3000)
  })

  test('without retry-after the wait doubles per retry', () => {
    const waits = [1, 2, 3, 4, 5, 6].map((n) => retryWait(policy, n, new Headers(), 0))
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, null])
  })
})
