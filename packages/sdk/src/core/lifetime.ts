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
  /** Aborted by `close()`, with the error calls after close reject with. */
  readonly signal: AbortSignal
  /** Throws that error once closed. */
  check(): void
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
  const timers = new Set<unknown>()
  const closers = new Set<() => unknown>()
  const controller = new AbortController()
  let closing: Promise<void> | undefined
  const check = () => {
    if (controller.signal.aborted) throw controller.signal.reason
  }
  return {
    clock: {
      now: () => given.now(),
      // A timer set once closed is never set: nothing may outlive `close()`.
      setTimeout: (callback, ms) => {
        if (controller.signal.aborted) return undefined
        const id = given.setTimeout(() => {
          timers.delete(id)
          callback()
        }, ms)
        timers.add(id)
        return id
      },
      clearTimeout: (id) => {
        timers.delete(id)
        given.clearTimeout(id)
      },
    },
    signal: controller.signal,
    check,
    hold: (closer) => {
      closers.add(closer)
      return () => closers.delete(closer)
    },
    close: () => {
      closing ??= (async () => {
        controller.abort(new AbortError('this client is closed: create a new one'))
        for (const id of timers) given.clearTimeout(id)
        timers.clear()
        const pending = [...closers].map((closer) => closer())
        closers.clear()
        await Promise.all(pending)
      })()
      return closing
    },
  }
}
