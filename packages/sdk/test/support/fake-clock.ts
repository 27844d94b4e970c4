import type { Clock } from 'pullsign'

/** A clock that moves only when the test says: `advance(ms)` fires due timers in order. */
export interface FakeClock extends Clock {
  /** Moves time forward, firing every timer that becomes due (timers they set included). */
  advance(ms: number): void
  /** Delays of the pending timers from now, soonest first. */
  pending(): number[]
}

export function createFakeClock(start = Date.UTC(2026, 0, 1)): FakeClock {
  let now = start
  let nextId = 1
  const timers = new Map<number, { due: number; callback: () => void }>()
  const soonest = () => [...timers.entries()].sort(([a, x], [b, y]) => x.due - y.due || a - b).at(0)
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++
      timers.set(id, { due: now + Math.max(0, ms), callback })
      return id
    },
    clearTimeout(id) {
      timers.delete(id as number)
    },
    advance(ms) {
      const until = now + ms
      for (let next = soonest(); next && next[1].due <= until; next = soonest()) {
        timers.delete(next[0])
        now = next[1].due
        next[1].callback()
      }
      now = until
    },
    pending: () => [...timers.values()].map((timer) => timer.due - now).sort((a, b) => a - b),
  }
}
