import type { Clock as ServerClock } from '@pullsign/reference-server'
import type { Clock } from 'pullsign/verify'

/** The server's clock as the SDK's clock seam (its timers return a cancel function). */
export function sdkClock(clock: ServerClock): Clock {
  return {
    now: () => clock.now(),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (cancel) => (cancel as () => void)(),
  }
}

/**
 * A clock seam on the server's clock that moves time as soon as the code under test waits: each
 * wait advances the server clock by exactly its length (closing ledgers on the way), so a test
 * never sleeps and the elapsed server time says how many waits happened.
 */
export function movingClock(clock: ServerClock): Clock {
  const seam = sdkClock(clock)
  return {
    ...seam,
    setTimeout(fn, ms) {
      const cancel = seam.setTimeout(fn, ms)
      queueMicrotask(() => clock.advance(ms / 1000))
      return cancel
    },
  }
}
