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
 * Resolves after `ms` milliseconds of the given clock.
 *
 * @example
 * ```ts
 * await sleep(client.seams.clock, 250)
 * ```
 */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => {
    clock.setTimeout(resolve, ms)
  })
}
