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
