import { AbortError } from './errors/pull-sign-error'
import type { Clock } from './seams'

/**
 * The real clock: `Date.now` and the global timers. The default {@link Clock} seam.
 *
 * @example
 * ```ts
 * const id = systemClock.setTimeout(() => console.log('later'), 1000)
 * systemClock.clearTimeout(id)
 * ```
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
}

/**
 * Resolves after `ms` milliseconds of the given clock; with a signal, rejects with an
 * {@link AbortError} (and cancels the timer) as soon as it aborts.
 *
 * @example
 * ```ts
 * await sleep(core.seams.clock, 250)
 * await sleep(clock, 4000, AbortSignal.timeout(60_000))
 * ```
 */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError('aborted while waiting'))
    const onAbort = () => {
      clock.clearTimeout(id)
      reject(new AbortError('aborted while waiting'))
    }
    const id = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
