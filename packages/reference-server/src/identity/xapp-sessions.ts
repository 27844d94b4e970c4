import { createBoundedCache } from '../bounded-cache'
import type { Clock } from '../platform'
import { XAPP_JWT_SECONDS } from './xapp-jwt'

// Launches kept at once by default (about 150 B each); the least recently used is forgotten first
// (its JWT is then refused, 814).
const MAX_SESSIONS = 50_000

interface XappSession {
  appUuid: string
  userUuid: string
  /** ms since the epoch, server clock: the JWT's `exp`. */
  until: number
}

/**
 * The xApp JWTs this server issued, by the OTT they name (`ott_uuidv4`): an xApp JWT is accepted
 * only for an OTT issued to that application for that user (docs/protocol.md §7.3), since the
 * app's own secret could sign one for anyone. Bounded in number, and each is forgotten after the
 * JWT's lifetime on the server clock.
 */
export function createXappSessions(clock: Clock, maxSessions = MAX_SESSIONS) {
  const sessions = createBoundedCache<XappSession>({ maxKeyLength: 36, maxEntries: maxSessions })
  return {
    record(ott: string, appUuid: string, userUuid: string): void {
      sessions.set(ott, { appUuid, userUuid, until: clock.now() + XAPP_JWT_SECONDS * 1000 })
    },
    issued(ott: unknown, appUuid: string, userUuid: unknown): boolean {
      if (typeof ott !== 'string') return false
      const session = sessions.get(ott)
      if (session === undefined) return false
      if (clock.now() >= session.until) {
        sessions.delete(ott)
        return false
      }
      return session.appUuid === appUuid && session.userUuid === userUuid
    },
    clear: () => sessions.clear(),
  }
}

/**
 * The xApp JWT sessions of one server.
 *
 * @example
 * ```ts
 * platform.identity.xappSessions.issued(claims.ott_uuidv4, app.uuid, claims.usr)
 * ```
 */
export type XappSessions = ReturnType<typeof createXappSessions>
