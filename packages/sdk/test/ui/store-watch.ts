import type { ExternalStore } from 'pullsign/ui'

/**
 * Listens to a store for a test, as a page would: every snapshot it passes through, and a promise
 * for the first one that matches. Subscribing is what starts the store (its socket, its hooks).
 */
export function watchStore<S>(store: ExternalStore<S>) {
  const seen: S[] = [store.getSnapshot()]
  const waiting = new Set<{ match: (s: S) => boolean; resolve: (s: S) => void }>()
  const stop = store.subscribe((snapshot) => {
    seen.push(snapshot)
    for (const wait of [...waiting]) {
      if (wait.match(snapshot)) {
        waiting.delete(wait)
        wait.resolve(snapshot)
      }
    }
  })
  return {
    seen,
    stop,
    /** Resolves with the first snapshot, from now or the current one, that matches. */
    until(match: (snapshot: S) => boolean): Promise<S> {
      const now = store.getSnapshot()
      if (match(now)) return Promise.resolve(now)
      return new Promise((resolve) => waiting.add({ match, resolve }))
    },
  }
}

/** The distinct values a field took, in order (a status passed through twice shows once each time). */
export function changes<S, V>(seen: readonly S[], read: (snapshot: S) => V): V[] {
  const out: V[] = []
  for (const snapshot of seen) if (out.at(-1) !== read(snapshot)) out.push(read(snapshot))
  return out
}
