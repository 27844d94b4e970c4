/**
 * The clock seam the sign-in code reads time and sets timers through, so tests move time instead
 * of sleeping.
 *
 * @example
 * ```ts
 * const clock: SignInClock = {
 *   now: () => Date.now(),
 *   setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
 *   clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
 * }
 * ```
 */
export interface SignInClock {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/**
 * The real clock: `Date.now` and the global timers.
 *
 * @example
 * ```ts
 * const handle = systemClock.setTimeout(() => console.log('later'), 1000)
 * ```
 */
export const systemClock: SignInClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}
