import { describe, expect, it } from 'vitest'
import { LedgerAmount, RATE_ASSET } from '../../../src/ledger/amounts/ledger-amount'
import { aggregatePrice } from '../../../src/ledger/reads/aggregate-price'

// A price of `digits × 10^-scale` at `time`, as GetAggregatePrice.cpp reads an oracle's pair.
const point = (time: number, digits: number, scale = 0) => ({
  time,
  price: LedgerAmount.of(RATE_ASSET, BigInt(digits), -scale),
})

describe('get_aggregate_price arithmetic (rippled GetAggregatePrice.cpp)', () => {
  it('time_threshold keeps the prices at most that many seconds older than the newest [rippled GetAggregatePrice.cpp]', () => {
    const points = [point(100, 1), point(90, 2), point(80, 3)]
    const kept = aggregatePrice(points, { trim: 0, timeThreshold: 10 })
    expect(kept).toMatchObject({ time: 100 })
    expect(kept?.entireSet.size).toBe(2)
    expect(kept?.entireSet.mean.text()).toBe('1.5')
    expect(kept?.median.text()).toBe('1.5')
    // A threshold past the newest time keeps them all (the bound falls back to the oldest).
    expect(aggregatePrice(points, { trim: 0, timeThreshold: 1000 })?.entireSet.size).toBe(3)
  })

  it('one price: its own mean and median, a standard deviation of 0 [rippled GetAggregatePrice.cpp getStats]', () => {
    const one = aggregatePrice([point(5, 74, 1)], { trim: 0, timeThreshold: 0 })
    expect([one?.entireSet.mean.text(), one?.median.text()]).toEqual(['7.4', '7.4'])
    expect(one?.entireSet.standardDeviation.toString()).toBe('0')
  })

  it('the median of an odd count is the middle price, the mean a 16-digit quotient [rippled GetAggregatePrice.cpp]', () => {
    const three = aggregatePrice([point(1, 1), point(1, 2), point(1, 2)], {
      trim: 0,
      timeThreshold: 0,
    })
    expect(three?.median.text()).toBe('2')
    expect(three?.entireSet.mean.text()).toBe('1.666666666666667')
  })

  it('no price is no aggregate (objectNotFound) [rippled GetAggregatePrice.cpp]', () => {
    expect(aggregatePrice([], { trim: 0, timeThreshold: 0 })).toBeNull()
  })
})
