import { SOCKET_EXPIRES_IN_INTERVAL_SECONDS, SOCKET_PONG_TEXT } from 'pullsign/wire'
import {
  type Clock,
  type PayloadRequests,
  type PayloadSubscriptions,
  PlatformError,
} from '../platform'
import { isKeepalive } from './client-frame'

/**
 * The server's end of one payload socket: the part of a `ws` WebSocket the registry uses, so a
 * socket upgraded over HTTP and an in-process one (`server.WebSocket`) are served alike.
 *
 * @example
 * ```ts
 * const peer: SocketPeer = upgradedWsSocket
 * peer.send(JSON.stringify({ message: 'Welcome …' }))
 * ```
 */
export interface SocketPeer {
  send(frame: string): void
  close(code: number, reason: string): void
  /** Drops the connection without a closing handshake. */
  terminate(): void
  on(event: 'close' | 'error', listener: () => void): unknown
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): unknown
}

/** The payload sockets of one server: every `{ws-api}/sign/{uuid}` connection (docs/protocol.md §4). */
export interface PayloadSockets {
  /** Takes over a connected socket for the payload `uuid`. */
  accept(socket: SocketPeer, uuid: string): void
  /** Closes every socket and stops the ticker; later sockets are closed at once. */
  close(): void
}

/**
 * One channel per payload with at least one socket: one platform subscription shared by all of
 * its sockets, so an idle socket costs only its set entry (bench/README.md: ≤ 10 KB per socket).
 */
interface Channel {
  sockets: Set<SocketPeer>
  expiresAt: number
  unsubscribe: () => void
}

// ws close code for "no such payload": a normal close, the server is done with this socket.
const CLOSE_NORMAL = 1000
const CLOSE_GOING_AWAY = 1001
const CLOSE_INTERNAL_ERROR = 1011
const PONG = JSON.stringify({ message: SOCKET_PONG_TEXT })
const EXPIRED = JSON.stringify({ expired: true })

/**
 * Creates the payload socket registry of docs/protocol.md §4: welcome, `expires_in_seconds` on connect and
 * every 15 s from ONE shared ticker on the platform clock, the platform's payload events, keepalive,
 * and the resolve message for late subscribers.
 */
export function createPayloadSockets({
  payloads,
  clock,
}: {
  payloads: Pick<PayloadSubscriptions, 'subscribe' | 'resolvedMessage'> &
    Pick<PayloadRequests, 'record'>
  clock: Clock
}): PayloadSockets {
  const channels = new Map<string, Channel>()
  let closed = false

  const expiresIn = (channel: Channel) => Math.floor((channel.expiresAt - clock.now()) / 1000)

  // `clock.advance` fires an interval once per period it skips, all at about the same `now`: one
  // message per advance is enough (advancing 30 days must not send 172,800 messages per socket).
  // Half a period of tolerance keeps real-time ticks that fire a little early relative to a late
  // previous one.
  let lastTick = Number.NEGATIVE_INFINITY
  const tick = () => {
    const now = clock.now()
    if (now - lastTick < (SOCKET_EXPIRES_IN_INTERVAL_SECONDS * 1000) / 2) return
    lastTick = now
    for (const channel of channels.values()) {
      const frame = JSON.stringify({ expires_in_seconds: expiresIn(channel) })
      for (const socket of channel.sockets) socket.send(frame)
    }
  }
  const stopTicker = clock.setInterval(tick, SOCKET_EXPIRES_IN_INTERVAL_SECONDS * 1000)

  const open = (uuid: string): Channel => {
    const existing = channels.get(uuid)
    if (existing) return existing
    const record = payloads.record(uuid)
    const sockets = new Set<SocketPeer>()
    const unsubscribe = payloads.subscribe(
      uuid,
      (message) => {
        const frame = JSON.stringify(message)
        for (const socket of sockets) socket.send(frame)
      },
      () => {
        // Forgotten (retention, an application's reset): nothing more will come, so its sockets
        // close as one for an unknown payload does (docs/protocol.md §4).
        if (channels.get(uuid) === channel) channels.delete(uuid)
        for (const socket of sockets) socket.close(CLOSE_NORMAL, 'payload forgotten')
      },
    )
    const channel: Channel = {
      sockets,
      expiresAt: Date.parse(record.payload.expires_at),
      unsubscribe,
    }
    channels.set(uuid, channel)
    return channel
  }

  const join = (socket: SocketPeer, uuid: string) => {
    const channel = open(uuid)
    // Joined first, so whatever happens next, the socket's close releases the channel.
    channel.sockets.add(socket)
    socket.on('close', () => leave(uuid, channel, socket))
    socket.on('message', (data, isBinary) => {
      if (isKeepalive(data, isBinary)) socket.send(PONG)
    })
    socket.send(JSON.stringify({ message: `Welcome ${uuid}` }))
    socket.send(JSON.stringify({ expires_in_seconds: expiresIn(channel) }))
    // §4 [ours]: a late subscriber gets the outcome right after the welcome; likewise the
    // `expired` a live subscriber got for a cancel or an expiry before opening.
    const resolved = payloads.resolvedMessage(uuid)
    if (resolved) {
      socket.send(JSON.stringify(resolved))
      return
    }
    const { meta } = payloads.record(uuid)
    if (meta.cancelled || (meta.expired && !meta.app_opened)) socket.send(EXPIRED)
  }

  const leave = (uuid: string, channel: Channel, socket: SocketPeer) => {
    if (!channel.sockets.delete(socket)) return
    if (channel.sockets.size === 0 && channels.get(uuid) === channel) {
      channels.delete(uuid)
      channel.unsubscribe()
    }
  }

  return {
    accept(socket, uuid) {
      // A reset connection emits 'error' then 'close'; without a listener 'error' would throw.
      socket.on('error', () => socket.terminate())
      if (closed) {
        socket.close(CLOSE_GOING_AWAY, 'server closed')
        return
      }
      try {
        join(socket, uuid)
      } catch (error) {
        if (error instanceof PlatformError && error.status === 404) {
          socket.send(JSON.stringify({ message: `No such payload: ${uuid.slice(0, 64)}` }))
          socket.close(CLOSE_NORMAL, 'unknown payload')
          return
        }
        // A bug: never let it escape into the node server's upgrade event (it would crash it).
        console.error('[pullsign-server] payload socket error:', error)
        socket.close(CLOSE_INTERNAL_ERROR, 'internal error')
      }
    },
    close() {
      closed = true
      stopTicker()
      for (const [uuid, channel] of channels) {
        for (const socket of channel.sockets) {
          socket.terminate()
          leave(uuid, channel, socket)
        }
      }
    },
  }
}
