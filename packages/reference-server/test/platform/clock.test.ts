import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Clock, createClock } from '../../src/platform/clock'

let clock: Clock | undefined
afterEach(() => {
  clock?.dispose()
  vi.useRealTimers()
})
const start = Date.parse('2026-01-01T00:00:00Z')

describe('clock', () => {
  // Real time is vitest's fake system time here: the test moves it instead of sleeping.
  it('starts where asked and keeps real time flowing', () => {
    vi.useFakeTimers({ now: Date.parse('2030-05-05T00:00:00Z') })
    clock = createClock({ start })
    expect(clock.now()).toBe(start)
    const fired: number[] = []
    clock.setTimeout(() => fired.push(clock?.now() ?? 0), 20)
    vi.advanceTimersByTime(20)
    expect(clock.now()).toBe(start + 20)
    expect(fired).toEqual([start + 20])
  })

  it('a manual clock stands still until advanced and arms no real timer', () => {
    vi.useFakeTimers({ now: Date.parse('2030-05-05T00:00:00Z') })
    clock = createClock({ start, manual: true })
    const fired: string[] = []
    clock.setTimeout(() => fired.push('1 ms'), 1)
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(20)
    expect(clock.now()).toBe(start)
    expect(fired).toEqual([])
    clock.advance(0.001)
    expect(clock.now()).toBe(start + 1)
    expect(fired).toEqual(['1 ms'])
  })

  it('advance moves time and fires due timers in due order, once', () => {
    clock = createClock({ start })
    const fired: string[] = []
    clock.setTimeout(() => fired.push('b 20s'), 20_000)
    clock.setTimeout(() => fired.push('a 10s'), 10_000)
    clock.setTimeout(() => fired.push('c 60s'), 60_000)
    clock.advance(9)
    expect(fired).toEqual([])
    clock.advance(11)
    expect(fired).toEqual(['a 10s', 'b 20s'])
    clock.advance(100)
    expect(fired).toEqual(['a 10s', 'b 20s', 'c 60s'])
    expect(clock.now() - start).toBeGreaterThanOrEqual(120_000)
  })

  it('an interval fires once per advance, told how many periods it spans, and stays on its grid', () => {
    clock = createClock({ start })
    const calls: number[] = []
    const stop = clock.setInterval((periods) => calls.push(periods), 15_000)
    clock.advance(60)
    expect(calls).toEqual([4])
    clock.advance(14)
    expect(calls).toEqual([4])
    clock.advance(1) // 75 s: the fifth period ends
    expect(calls).toEqual([4, 1])
    clock.advance(10 * 365 * 24 * 3600)
    expect(calls).toEqual([4, 1, (10 * 365 * 24 * 3600) / 15])
    stop()
    clock.advance(60)
    expect(calls).toHaveLength(3)
  })

  it('a timer scheduled by a firing timer counts from the time after the advance', () => {
    clock = createClock({ start })
    const fired: number[] = []
    clock.setTimeout(() => {
      fired.push(1)
      clock?.setTimeout(() => fired.push(2), 5_000)
    }, 5_000)
    clock.advance(10)
    expect(fired).toEqual([1])
    clock.advance(5)
    expect(fired).toEqual([1, 2])
  })

  it('cancel and dispose stop timers; real time fires them too', async () => {
    clock = createClock({ start })
    const fired: string[] = []
    const cancel = clock.setTimeout(() => fired.push('cancelled'), 1_000)
    cancel()
    clock.setTimeout(() => fired.push('real'), 10)
    await expect.poll(() => fired).toEqual(['real'])
    clock.setTimeout(() => fired.push('disposed'), 1_000)
    clock.dispose()
    clock.advance(10)
    expect(fired).toEqual(['real'])
  })

  it('a timer fired by advance sees the time after the advance', () => {
    clock = createClock({ start })
    let seen = 0
    clock.setTimeout(() => {
      seen = clock?.now() ?? 0
    }, 10_000)
    clock.advance(60)
    expect(seen - start).toBeGreaterThanOrEqual(60_000)
  })

  it('setTime back (a restore with clock: true): timeouts keep their due time, intervals their period', () => {
    clock = createClock({ start, manual: true })
    const fired: string[] = []
    clock.setTimeout(() => fired.push('timeout at 30 s'), 30_000)
    clock.setInterval(() => fired.push(`interval at ${(clock?.now() ?? 0) - start}`), 20_000)
    clock.advance(25)
    expect(fired).toEqual(['interval at 25000'])
    clock.setTime(start + 10_000)
    expect(clock.now()).toBe(start + 10_000)
    clock.advance(14) // 24 s: the interval's next period (15 s left at 25 s) has not ended
    expect(fired).toEqual(['interval at 25000'])
    clock.advance(1)
    expect(fired).toEqual(['interval at 25000', 'interval at 25000'])
    clock.advance(5) // 30 s: the timeout's own due time
    expect(fired).toEqual(['interval at 25000', 'interval at 25000', 'timeout at 30 s'])
    clock.setTime(start + 90_000) // forward is advance
    expect(fired.at(-1)).toBe('interval at 90000')
    expect(() => clock?.setTime(Number.NaN)).toThrow(RangeError)
  })

  it('refuses to move backwards', () => {
    clock = createClock({ start })
    expect(() => clock?.advance(-1)).toThrow(RangeError)
  })
})

describe('a real-time clock judges its timers on its own time', () => {
  // vitest's fake timers stand in for real time: the test moves it, and can make it jump without
  // running any real timer (a late one), never waiting.
  afterEach(() => {
    vi.useRealTimers()
  })
  const realTime = () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    clock = createClock({ start })
    return clock
  }

  it('after an advance before a timer is due, the rest of its time passes in real time', () => {
    const c = realTime()
    const fired: string[] = []
    c.setTimeout(() => fired.push('60 s'), 60_000)
    c.advance(57)
    vi.advanceTimersByTime(2_999)
    expect(fired).toEqual([])
    vi.advanceTimersByTime(1)
    expect(fired).toEqual(['60 s'])
    expect(c.now() - start).toBe(60_000)
  })

  it('real time and advances add up; after any move, everything due fires at once, in order', () => {
    const c = realTime()
    const fired: string[] = []
    c.setTimeout(() => fired.push('c 50s'), 50_000)
    c.setTimeout(() => fired.push('a 10s'), 10_000)
    c.setTimeout(() => fired.push('b 30s'), 30_000)
    c.advance(5)
    vi.advanceTimersByTime(5_000)
    expect(fired).toEqual(['a 10s'])
    c.advance(15)
    vi.advanceTimersByTime(5_000)
    expect(fired).toEqual(['a 10s', 'b 30s'])
    // Real time jumps past 50 s while no real timer has run yet: the next move fires what is due.
    vi.setSystemTime(Date.now() + 25_000)
    expect(fired).toEqual(['a 10s', 'b 30s'])
    c.advance(0)
    expect(fired).toEqual(['a 10s', 'b 30s', 'c 50s'])
  })

  it('a cancelled first timer holds back no other; dispose leaves no real timer armed', () => {
    const c = realTime()
    const fired: string[] = []
    c.setTimeout(() => fired.push('cancelled'), 10_000)()
    c.setTimeout(() => fired.push('20 s'), 20_000)
    c.setInterval((periods) => fired.push(`every 15 s ×${periods}`), 15_000)
    vi.advanceTimersByTime(20_000)
    expect(fired).toEqual(['every 15 s ×1', '20 s'])
    c.advance(40)
    expect(fired).toEqual(['every 15 s ×1', '20 s', 'every 15 s ×3'])
    c.dispose()
    expect(vi.getTimerCount()).toBe(0)
  })
})
