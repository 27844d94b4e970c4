import { describe, expect, it } from 'vitest'
import { createClock } from '../../src/platform/clock'
import {
  createRateLimits,
  DEFAULT_RATE_LIMITS,
  type RouteClass,
} from '../../src/platform/rate-limits'

const start = Date.parse('2026-01-01T00:00:00Z')

describe('rate limits (docs/protocol.md §1, §2): sliding minute per application and route class', () => {
  const table: Array<[RouteClass, number]> = [
    ['payload-create', 30],
    ['xrpl-tx', 60],
    ['kyc', 600],
    ['account-meta', 120],
    ['default', 200],
  ]
  for (const [routeClass, limit] of table) {
    it(`${routeClass}: ${limit} per minute, then refused with retryAfter`, () => {
      const clock = createClock({ start, manual: true })
      const limits = createRateLimits({ clock })
      expect(DEFAULT_RATE_LIMITS[routeClass]).toBe(limit)
      for (let i = 1; i <= limit; i++) {
        expect(limits.take('app', routeClass)).toEqual({
          limit,
          remaining: limit - i,
          retryAfter: null,
        })
      }
      const refused = limits.take('app', routeClass)
      expect(refused.remaining).toBe(0)
      expect(refused.retryAfter).toBeGreaterThanOrEqual(59)
      expect(refused.retryAfter).toBeLessThanOrEqual(60)
      // Other applications and other classes have their own windows.
      expect(limits.take('other', routeClass).retryAfter).toBeNull()
      clock.dispose()
    })
  }

  it('the window slides: calls free up one by one as they turn a minute old', () => {
    const clock = createClock({ start, manual: true })
    const limits = createRateLimits({ clock, limits: { 'payload-create': 3 } })
    limits.take('app', 'payload-create')
    clock.advance(20)
    limits.take('app', 'payload-create')
    clock.advance(20)
    limits.take('app', 'payload-create')
    const refused = limits.take('app', 'payload-create')
    expect(refused.retryAfter).toBe(20)
    expect(limits.peek('payload-create', 'app')).toEqual({ limit: 3, remaining: 0 })
    clock.advance(20)
    // The first call is a minute old now: exactly one slot is free.
    expect(limits.take('app', 'payload-create')).toEqual({
      limit: 3,
      remaining: 0,
      retryAfter: null,
    })
    expect(limits.take('app', 'payload-create').retryAfter).toBe(20)
    clock.advance(60)
    expect(limits.peek('payload-create', 'app')).toEqual({ limit: 3, remaining: 3 })
    clock.dispose()
  })

  it('switched off: every call passes and reports the configured limit', () => {
    const clock = createClock({ start, manual: true })
    const limits = createRateLimits({ clock, limits: false })
    for (let i = 0; i < 100; i++) limits.take('app', 'payload-create')
    expect(limits.take('app', 'payload-create')).toEqual({
      limit: 30,
      remaining: 30,
      retryAfter: null,
    })
    expect(limits.enabled).toBe(false)
    clock.dispose()
  })
})
