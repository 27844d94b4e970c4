import { AbortError } from './errors/pull-sign-error'

/**
 * What one client holds until `close()`: a signal its requests end on, and a closer from each
 * owner of a socket or timer (a subscription, a sign-in session, the xApp bridge). Kept once, in
 * the composition root.
 *
 * @example
 * ```ts
 * const lifetime = createLifetime()
 * const release = lifetime.hold(() => subscription.close())
 * await lifetime.close()
 * ```
 */
export interface Lifetime {
  /** Aborted by `close()`, with the `AbortError` every call after it rejects with. */
  readonly signal: AbortSignal
  /** Registers a closer `close()` runs and awaits; returns the function that releases it. */
  hold(closer: () => unknown): () => void
  /** Ends everything held; resolves when it is gone. A second call waits for the first. */
  close(): Promise<void>
}

/**
 * Builds the lifetime of one client.
 *
 * @example
 * ```ts
 * const { signal, hold, close } = createLifetime()
 * ```
 */
export function createLifetime(): Lifetime {
  const held = new Set<() => unknown>()
  const controller = new AbortController()
  let closing: Promise<void> | undefined
  return {
    signal: controller.signal,
    hold: (closer) => {
      held.add(closer)
      return () => held.delete(closer)
    },
    close: () => {
      if (!closing) {
        controller.abort(new AbortError('this client is closed'))
        closing = Promise.all([...held].map((closer) => closer())).then(() => {})
      }
      return closing
    },
  }
}
