import type { PayloadSocketMessage, SocketResolvedMessage } from 'pullsign/wire'
import type { PayloadBook } from './payload-book'
import { resolvedMessage } from './payload-record'

/**
 * The events port: the §4 events of a payload (docs/protocol.md), and the creation of payloads
 * (what the wallet's autopilot answers).
 */
export interface PayloadSubscriptions {
  /** Calls `listener` with the uuid of every payload created from now on; returns unsubscribe. */
  onCreated(listener: (uuid: string) => void): () => void
  /**
   * Listens to the §4 events of a payload; returns unsubscribe. 404 for an unknown uuid. `onEnd`
   * runs if the payload is forgotten (retention, an application's reset) while listened to.
   */
  subscribe(
    uuid: string,
    listener: (message: PayloadSocketMessage) => void,
    onEnd?: () => void,
  ): () => void
  /** The §4 resolve message once resolved (for late subscribers), else null. */
  resolvedMessage(uuid: string): SocketResolvedMessage | null
}

/**
 * Creates the {@link PayloadSubscriptions} port over a payload book.
 *
 * @example
 * ```ts
 * const stop = createPayloadSubscriptions(book).subscribe(uuid, (message) => console.log(message))
 * ```
 */
export function createPayloadSubscriptions(book: PayloadBook): PayloadSubscriptions {
  return {
    onCreated(listener) {
      book.createdListeners.add(listener)
      return () => book.createdListeners.delete(listener)
    },
    subscribe(uuid, listener, onEnd) {
      const payload = book.find(uuid)
      return book.events.subscribe(
        payload.uuid,
        listener,
        payload.state === 'created' ? payload.expiresAt : null,
        onEnd,
      )
    },
    resolvedMessage(uuid) {
      const payload = book.store.get(uuid)
      return payload ? resolvedMessage(payload) : null
    },
  }
}
