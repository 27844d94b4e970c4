import type { PayloadBook } from './payload-book'
import type { PayloadsState } from './payloads-state'

/**
 * The persistence and lifecycle port: the payloads' part of a snapshot (src/state/), and what a
 * reset, an application's reset and a shutdown do to them.
 */
export interface PayloadPersistence {
  /** Number of stored payloads. */
  readonly size: number
  /** Counts the changes of the state it saves: a snapshot writes its part again only when it moved. */
  readonly changes: number
  /** Every stored payload, oldest first, for a snapshot (src/state/snapshot.ts). */
  saveState(): PayloadsState
  /** Replaces every payload with a checked snapshot part (listeners and timers are dropped). */
  loadState(state: PayloadsState): void
  /** Forgets every payload of an application, with its events and webhook log (its reset). */
  forgetApplication(appUuid: string): void
  clear(): void
  /** Stops the retention sweep. */
  dispose(): void
}

/**
 * Creates the {@link PayloadPersistence} port over a payload book.
 *
 * @example
 * ```ts
 * const persistence = createPayloadPersistence(book)
 * const saved = persistence.saveState()
 * persistence.loadState(saved)
 * ```
 */
export function createPayloadPersistence(book: PayloadBook): PayloadPersistence {
  const { store } = book
  return {
    get size() {
      return store.size
    },
    get changes() {
      return book.changes
    },
    saveState: () =>
      [...store.values()].map(({ revision: _, ...payload }) => structuredClone(payload)),
    loadState(state) {
      book.clear()
      for (const saved of state) store.add({ ...structuredClone(saved), revision: 0 })
    },
    forgetApplication(appUuid) {
      const uuids = [...store.values()]
        .filter((payload) => payload.appUuid === appUuid)
        .map((payload) => payload.uuid)
      book.retention.forget(uuids)
    },
    clear: () => book.clear(),
    dispose: () => book.retention.dispose(),
  }
}
