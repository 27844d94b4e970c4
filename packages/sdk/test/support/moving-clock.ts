import type { Clock } from '@pullsign/reference-server'
import type { LedgerClock } from 'pullsign/verify'

/**
 * A ledger clock on the server's clock that moves time as soon as the code under test waits: each
 * wait advances the server clock by exactly its length (closing ledgers on the way), so a test
 * never sleeps and the elapsed server time says how many waits happened.
 */
export function movingClock(clock: Clock): LedgerClock {
  return {
    now: () => clock.now(),
    setTimeout(fn, ms) {
      const cancel = clock.setTimeout(fn, ms)
      queueMicrotask(() => clock.advance(ms / 1000))
      return cancel
    },
  }
}
