import { systemClock } from '../core/clock'
import type { Clock } from '../core/seams'
import { createStateCell, type ExternalStore } from './external-store'
import type { SignRequestSnapshot } from './sign-request-types'

/**
 * The seconds a sign request has left before it expires unopened, as a store of its own that
 * changes once a second, so that only what shows the countdown renders that often. `null` when
 * there is nothing to count: not waiting, opened (an opened payload may still be signed after its
 * expiry, docs/protocol.md §3.3), or the expiry not known yet. It stops at 0: the platform's
 * `expired` message moves the request itself.
 *
 * @example
 * ```ts
 * import { createCountdown, createSignRequest } from 'pullsign/ui'
 *
 * const request = createSignRequest({ payload: created })
 * const countdown = createCountdown(request)
 * countdown.subscribe((seconds) => console.log(seconds === null ? '' : `${seconds} s left`))
 * ```
 */
export function createCountdown(
  request: ExternalStore<SignRequestSnapshot>,
  options: { clock?: Clock } = {},
): ExternalStore<number | null> {
  const clock = options.clock ?? systemClock
  let timer: unknown
  const left = () => {
    const { expiresAt } = request.getSnapshot()
    return expiresAt === null ? null : Math.max(0, Math.ceil((expiresAt - clock.now()) / 1000))
  }
  // Ticks on the clock at each whole second before the expiry, while someone listens.
  const tick = () => {
    clock.clearTimeout(timer)
    const seconds = left()
    cell.set(seconds)
    const { expiresAt } = request.getSnapshot()
    if (expiresAt === null || !seconds) return
    timer = clock.setTimeout(tick, (expiresAt - clock.now()) % 1000 || 1000)
  }
  const cell = createStateCell<number | null>(null, () => {
    const stop = request.subscribe(tick)
    tick()
    return () => {
      stop()
      clock.clearTimeout(timer)
    }
  })
  return {
    subscribe: cell.subscribe,
    getSnapshot: () => (cell.active ? cell.getSnapshot() : left()),
  }
}
