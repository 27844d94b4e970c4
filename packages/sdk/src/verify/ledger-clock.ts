import { AbortError } from '../core/errors'

/**
 * The time source a ledger wait uses: `now()` in ms and a cancellable timer. The reference
 * server's `server.clock` fits, so a test moves time instead of sleeping.
 *
 * @example
 * ```ts
 * const clock: LedgerClock = { now: () => Date.now(), setTimeout: (fn, ms) => { const t = setTimeout(fn, ms); return () => clearTimeout(t) } }
 * ```
 */
export interface LedgerClock {
  now(): number
  /** Calls `fn` after `ms`; returns a function that cancels the timer. */
  setTimeout(fn: () => void, ms: number): () => void
}

/**
 * The process clock: `Date.now` and the global timers.
 *
 * @example
 * ```ts
 * await waitOn(systemClock, 4000)
 * ```
 */
export const systemClock: LedgerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const timer = setTimeout(fn, ms)
    return () => clearTimeout(timer)
  },
}

/**
 * Waits `ms` on the clock; rejects with an {@link AbortError} as soon as the signal aborts.
 *
 * @example
 * ```ts
 * await waitOn(clock, 4000, signal)
 * ```
 */
export function waitOn(clock: LedgerClock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError('stopped waiting for the ledger'))
    const onAbort = () => {
      cancel()
      reject(new AbortError('stopped waiting for the ledger'))
    }
    const cancel = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
