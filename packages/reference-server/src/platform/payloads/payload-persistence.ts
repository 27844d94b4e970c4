import type { PayloadBook } from './payload-book'
import type { StoredPayload } from './payload-store'
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
  /**
   * Forgets every payload of an application, with its events and webhook log (its reset): the
   * subscribers of one still waiting for an answer get `{expired: true}`, then every socket of
   * those payloads closes (docs/protocol.md §4, §10).
   */
  forgetApplication(appUuid: string): void
  /**
   * Ends every subscription before a reset or a restore replaces the payloads (docs/protocol.md
   * §10 "Snapshots"): the subscribers of a payload still waiting for an answer that `kept` (the
   * restored snapshot's) lacks get `{expired: true}`, so a client's subscription settles at once;
   * then every payload socket closes (a subscriber of a kept payload reconnects to it as
   * restored).
   */
  endSubscriptions(kept: ReadonlySet<string>): void
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
  // The payloads that go away unanswered tell their subscribers so, as an expiry does (§4): a
  // client's subscription settles at once rather than waiting for an answer that cannot come.
  const expireWaiting = (payloads: readonly StoredPayload[]) => {
    for (const payload of payloads) {
      if (payload.state === 'created' || payload.state === 'opened') {
        book.events.disarm(payload.uuid)
        book.events.emit(payload.uuid, { expired: true })
      }
    }
  }
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
      const doomed = [...store.values()].filter((payload) => payload.appUuid === appUuid)
      expireWaiting(doomed)
      book.retention.forget(doomed.map((payload) => payload.uuid))
    },
    endSubscriptions(kept) {
      const all = [...store.values()]
      expireWaiting(all.filter((payload) => !kept.has(payload.uuid)))
      book.events.forget(all.map((payload) => payload.uuid))
    },
    clear: () => book.clear(),
    dispose: () => book.retention.dispose(),
  }
}
