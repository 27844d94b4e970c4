/**
 * The contract of every store of `pullsign/ui`: `subscribe(listener)` returns the function that
 * stops listening, `getSnapshot()` returns the current state, an immutable object whose identity
 * changes only when the state does. It is what React's `useSyncExternalStore` takes as it is, and
 * what a Vue `shallowRef` or a Svelte `readable` wraps in three lines (docs/ui.md).
 *
 * @example
 * ```ts
 * const stop = store.subscribe((snapshot) => render(snapshot))
 * render(store.getSnapshot())
 * ```
 */
export interface ExternalStore<S> {
  /** Calls `listener` with the new snapshot after every change; returns the unsubscribe function. */
  subscribe(listener: (snapshot: S) => void): () => void
  /** The current snapshot: the same object until the state changes. */
  getSnapshot(): S
}

/**
 * A store's state cell (internal): `set` replaces the snapshot and tells the listeners. `activate`
 * runs when the first listener comes and returns what stops it, which runs a microtask after the
 * last listener left: an unsubscribe followed at once by a subscribe (React's StrictMode, an
 * element moved in the page) keeps what runs, one socket and not two.
 */
export interface StateCell<S> extends ExternalStore<S> {
  set(next: S): void
  /** Whether someone listens (or the stop is still pending). */
  readonly active: boolean
}

/** Makes a state cell holding `initial`; see {@link StateCell}. */
export function createStateCell<S>(initial: S, activate?: () => () => void): StateCell<S> {
  let snapshot = initial
  const listeners = new Set<(snapshot: S) => void>()
  let stop: (() => void) | null = null
  let releasing = false
  return {
    getSnapshot: () => snapshot,
    get active() {
      return stop !== null
    },
    set(next) {
      if (next === snapshot) return
      snapshot = next
      for (const listener of [...listeners]) listener(next)
    },
    subscribe(listener) {
      const own = (value: S) => listener(value)
      listeners.add(own)
      if (stop === null && activate) stop = activate()
      return () => {
        if (!listeners.delete(own) || listeners.size > 0 || releasing) return
        releasing = true
        queueMicrotask(() => {
          releasing = false
          if (listeners.size > 0 || stop === null) return
          const end = stop
          stop = null
          end()
        })
      }
    },
  }
}
