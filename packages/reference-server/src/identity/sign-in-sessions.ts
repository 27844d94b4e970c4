import type { Clock } from '../platform'
import type { AuthorizeRequest } from './authorize-request'

/**
 * What `/signin` answers for a session, once: it is not kept (a second load is refused, and a
 * token or code waiting in memory would be a secret kept for nothing).
 *
 * @example
 * ```ts
 * const result: SignInResult = { kind: 'code', code }
 * ```
 */
export type SignInResult =
  | { kind: 'code'; code: string }
  | { kind: 'token'; accessToken: string }
  | { kind: 'rejected'; description: string }

/**
 * One `/auth` request on its way through the SignIn payload and the return page.
 *
 * @example
 * ```ts
 * sessions.get(id)?.request.redirectUri
 * ```
 */
export interface SignInSession {
  id: string
  request: AuthorizeRequest
  payloadUuid: string
  /** ms since the epoch, server clock. */
  createdAt: number
  /** The result went to the browser once: a second load gets an error (docs/protocol.md §7.3). */
  delivered: boolean
}

/** A session is kept this long: the SignIn payload's life plus the code's (docs/protocol.md §7.1). */
const SESSION_KEEP_MS = 30 * 60_000
/** At most this many sessions are kept by default, the oldest forgotten first. */
const MAX_SESSIONS = 10_000

/**
 * The open sign-in sessions, by id and by SignIn payload, bounded in time and number, and each
 * forgotten once its SignIn payload is (`payloadKept` says).
 *
 * @example
 * ```ts
 * const sessions = createSignInSessions(clock, (uuid) => payloads.has(uuid))
 * sessions.add({ id, request, payloadUuid, createdAt: clock.now(), delivered: false })
 * sessions.get(id)?.payloadUuid
 * ```
 */
export function createSignInSessions(
  clock: Clock,
  payloadKept: (uuid: string) => boolean,
  maxSessions = MAX_SESSIONS,
) {
  const byId = new Map<string, SignInSession>()
  const byPayload = new Map<string, SignInSession>()

  const forget = (session: SignInSession) => {
    byId.delete(session.id)
    byPayload.delete(session.payloadUuid)
  }
  const sweep = () => {
    const oldest = clock.now() - SESSION_KEEP_MS
    // Insertion order is creation order: stop at the first session still kept. A session whose
    // SignIn payload the platform forgot (retention) can never finish, nor show on the dashboard.
    for (const session of byId.values()) {
      const kept =
        session.createdAt >= oldest && byId.size < maxSessions && payloadKept(session.payloadUuid)
      if (kept) break
      forget(session)
    }
  }
  const live = (session: SignInSession | undefined) =>
    session && clock.now() - session.createdAt <= SESSION_KEEP_MS ? session : null

  return {
    add(session: SignInSession): void {
      sweep()
      byId.set(session.id, session)
      byPayload.set(session.payloadUuid, session)
    },
    get: (id: string): SignInSession | null => live(byId.get(id)),
    byPayload: (uuid: string): SignInSession | null => live(byPayload.get(uuid)),
    /** Newest first, at most `limit`. */
    recent(limit: number): SignInSession[] {
      return [...byId.values()].slice(-limit).reverse()
    },
    clear(): void {
      byId.clear()
      byPayload.clear()
    },
  }
}
