import { AbortError } from './errors'
import type { Clock } from './seams'

/**
 * What one client holds until `close()`: its timers (every one set through its clock), its
 * in-flight requests (aborted through `signal`) and whatever else registered a closer (a
 * subscription, with its socket). Kept once, in the composition root.
 *
 * @example
 * ```ts
 * const lifetime = createLifetime(systemClock)
 * const release = lifetime.hold(() => subscription.close())
 * await lifetime.close()
 * ```
 */
export interface Lifetime {
  /** The clock to set timers on: the given one; `close()` clears its pending timers, and sets no more. */
  readonly clock: Clock
  /** Aborted by `close()`, with the `AbortError` every call after it rejects with. */
  readonly signal: AbortSignal
  /** Registers a closer `close()` runs and awaits; returns the function that releases it. */
  hold(closer: () => unknown): () => void
  /** Ends everything held; resolves when it is gone. A second call waits for the first. */
  close(): Promise<void>
}

/**
 * Builds the lifetime of one client over its clock seam.
 *
 * @example
 * ```ts
 * const { clock, signal } = createLifetime(options.clock ?? systemClock)
 * ```
 */
export function createLifetime(given: Clock): Lifetime {
  // Every pending timer (its id) and every held closer; a timer's entry clears it.
  const held = new Map<unknown, () => unknown>()
  const controller = new AbortController()
  const { signal } = controller
  let closing: Promise<unknown> | undefined
  const clearTimeout = (id: unknown) => {
    held.delete(id)
    given.clearTimeout(id)
  }
  return {
    clock: {
      now: () => given.now(),
      // A timer set once closed is never set: nothing may outlive `close()`.
      setTimeout: (callback, ms) => {
        if (signal.aborted) return
        const id = given.setTimeout(() => {
          held.delete(id)
          callback()
        }, ms)
        held.set(id, () => given.clearTimeout(id))
        return id
      },
      clearTimeout,
    },
    signal,
    hold: (closer) => {
      held.set(closer, closer)
      return () => held.delete(closer)
    },
    close: async () => {
      if (!closing) {
        controller.abort(new AbortError('this client is closed'))
        closing = Promise.all([...held.values()].map((closer) => closer()))
        held.clear()
      }
      await closing
    },
  }
}
