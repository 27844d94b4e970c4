import type { PayloadSocketMessage } from 'pullsign/wire'
import type { Clock } from '../clock'

type Listener = (message: PayloadSocketMessage) => void

/** Subscribers of payload events (docs/protocol.md §4), with one expiry timer per watched payload. */
export interface PayloadEvents {
  /**
   * Adds a listener; `expiresAt` arms the `{expired: true}` message (null: it cannot expire any
   * more, e.g. it was opened); `onEnd` runs once if the payload is forgotten while listened to.
   * Returns unsubscribe.
   */
  subscribe(
    uuid: string,
    listener: Listener,
    expiresAt: number | null,
    onEnd?: () => void,
  ): () => void
  emit(uuid: string, message: PayloadSocketMessage): void
  /** Stops the expiry message of a payload (opened, resolved or cancelled). */
  disarm(uuid: string): void
  /** Whether the payload's `{expired: true}` is still to go out (its expiry timer is armed). */
  owesExpiry(uuid: string): boolean
  /**
   * Ends the channels of forgotten payloads like a close: an `{expired: true}` that is due and
   * has not gone out yet goes out first, then every listener's `onEnd` runs.
   */
  forget(uuids: readonly string[]): void
  clear(): void
}

interface Channel {
  /** Each listener, with what to run when the channel ends. */
  listeners: Map<Listener, (() => void) | undefined>
  expiresAt: number | null
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
    for (const listener of [...channel.listeners.keys()]) {
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
    subscribe(uuid, listener, expiresAt, onEnd) {
      let channel = channels.get(uuid)
      if (!channel) {
        channel = { listeners: new Map(), expiresAt, cancelExpiry: null }
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
      own.listeners.set(wrapped, onEnd)
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
    owesExpiry: (uuid) => (channels.get(uuid)?.cancelExpiry ?? null) !== null,
    forget(uuids) {
      const now = deps.clock.now()
      for (const uuid of uuids) {
        const channel = channels.get(uuid)
        if (!channel) continue
        // The terminal message never stays owed: a due expiry whose timer has not run yet (a
        // real timer runs a little late) goes out before the channel ends.
        const due = channel.expiresAt !== null && channel.expiresAt <= now
        if (channel.cancelExpiry !== null && due && deps.isStillPending(uuid)) {
          emit(uuid, { expired: true })
        }
        disarm(uuid)
        channels.delete(uuid)
        for (const onEnd of channel.listeners.values()) onEnd?.()
      }
    },
    clear() {
      for (const channel of channels.values()) channel.cancelExpiry?.()
      channels.clear()
    },
  }
}
