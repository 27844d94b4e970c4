import type { PayloadSocketMessage } from 'pullsign/wire'
import type { Clock } from '../clock'

type Listener = (message: PayloadSocketMessage) => void

/** Subscribers of payload events (docs/protocol.md §4), with one expiry timer per watched payload. */
export interface PayloadEvents {
  /**
   * Adds a listener; `expiresAt` arms the `{expired: true}` message (null: it cannot expire any
   * more, e.g. it was opened). Returns unsubscribe.
   */
  subscribe(uuid: string, listener: Listener, expiresAt: number | null): () => void
  emit(uuid: string, message: PayloadSocketMessage): void
  /** Stops the expiry message of a payload (opened, resolved or cancelled). */
  disarm(uuid: string): void
  /** Drops the listeners and expiry timers of forgotten payloads. */
  forget(uuids: readonly string[]): void
  clear(): void
}

interface Channel {
  listeners: Set<Listener>
  cancelExpiry: (() => void) | null
}

/**
 * Creates the event hub. Only payloads somebody listens to get an expiry timer; everything else
 * is evaluated lazily when read, so a million idle payloads cost no timers.
 *
 * @example
 * ```ts
 * const events = createPayloadEvents({ clock, isStillPending: (uuid) => true })
 * const stop = events.subscribe(uuid, (m) => console.log(m), clock.now() + 60_000)
 * clock.advance(60) // logs {expired: true}
 * stop()
 * ```
 */
export function createPayloadEvents(deps: {
  clock: Clock
  /** Whether the payload still waits to be opened when its expiry timer fires. */
  isStillPending: (uuid: string) => boolean
}): PayloadEvents {
  const channels = new Map<string, Channel>()

  const emit = (uuid: string, message: PayloadSocketMessage) => {
    const channel = channels.get(uuid)
    if (!channel) return
    for (const listener of [...channel.listeners]) {
      try {
        listener(message)
      } catch (error) {
        // One broken listener must not stop the others or the state change that emitted.
        console.error('payload event listener failed', error)
      }
    }
  }

  const disarm = (uuid: string) => {
    const channel = channels.get(uuid)
    channel?.cancelExpiry?.()
    if (channel) channel.cancelExpiry = null
  }

  return {
    subscribe(uuid, listener, expiresAt) {
      let channel = channels.get(uuid)
      if (!channel) {
        channel = { listeners: new Set(), cancelExpiry: null }
        channels.set(uuid, channel)
        const now = deps.clock.now()
        if (expiresAt !== null && expiresAt > now) {
          channel.cancelExpiry = deps.clock.setTimeout(() => {
            const current = channels.get(uuid)
            if (current) current.cancelExpiry = null
            if (deps.isStillPending(uuid)) emit(uuid, { expired: true })
          }, expiresAt - now)
        }
      }
      const own = channel
      const wrapped: Listener = (message) => listener(message)
      own.listeners.add(wrapped)
      return () => {
        own.listeners.delete(wrapped)
        if (own.listeners.size === 0 && channels.get(uuid) === own) {
          own.cancelExpiry?.()
          channels.delete(uuid)
        }
      }
    },
    emit,
    disarm,
    forget(uuids) {
      for (const uuid of uuids) {
        disarm(uuid)
        channels.delete(uuid)
      }
    },
    clear() {
      for (const channel of channels.values()) channel.cancelExpiry?.()
      channels.clear()
    },
  }
}
