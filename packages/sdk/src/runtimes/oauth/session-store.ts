import type { StorageLike } from '../../core/seams'
import { decodeJwtClaims } from './jwt-claims'

/**
 * A sign-in started with a full redirect, kept until the page is loaded back: what the answer
 * must match (`state`, `nonce`) and what the code is exchanged with.
 *
 * @example
 * ```ts
 * const pending: PendingSignIn = { state, redirectUri, responseType: 'code', verifier, startedAt: Date.now() }
 * ```
 */
export interface PendingSignIn {
  state: string
  redirectUri: string
  responseType: 'code' | 'token'
  verifier?: string
  nonce?: string
  /** ms since epoch; a pending sign-in older than the provider's code lifetime is dropped. */
  startedAt: number
}

/**
 * The signed-in person's JWT and when it expires (ms since epoch, from its `exp`).
 *
 * @example
 * ```ts
 * const session: StoredSession = { jwt, expiresAt: claims.exp * 1000 }
 * ```
 */
export interface StoredSession {
  jwt: string
  expiresAt: number
  idToken?: string
}

/** A redirect sign-in not finished within the code lifetime (§7.1: 10 minutes) is dropped. */
const PENDING_LIFETIME_MS = 10 * 60_000

const read = (storage: StorageLike, key: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null')
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const optionalString = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string'

/**
 * What a page keeps across reloads, per API key: the session (restored on load without a popup
 * until the JWT expires) and a pending redirect sign-in. Whatever is found in storage is checked
 * before use: a stored value of the wrong shape, or an expired one, is removed and ignored.
 *
 * @example
 * ```ts
 * const store = createSessionStore(localStorage, apiKey)
 * const session = store.loadSession(Date.now())
 * ```
 */
export function createSessionStore(storage: StorageLike, apiKey: string) {
  const sessionKey = `pullsign:${apiKey}:session`
  const pendingKey = `pullsign:${apiKey}:pending`
  return {
    /** The stored session if it is well formed and not expired at `now`, else `null`. */
    loadSession(now: number): StoredSession | null {
      const value = read(storage, sessionKey)
      const jwt = value?.jwt
      const expiresAt = value?.expiresAt
      const idToken = value?.idToken
      const valid =
        typeof jwt === 'string' &&
        typeof expiresAt === 'number' &&
        optionalString(idToken) &&
        expiresAt > now &&
        decodeJwtClaims(jwt) !== null
      if (!valid) {
        if (storage.getItem(sessionKey) !== null) storage.removeItem(sessionKey)
        return null
      }
      return { jwt, expiresAt, ...(idToken === undefined ? {} : { idToken }) }
    },
    saveSession(session: StoredSession): void {
      storage.setItem(sessionKey, JSON.stringify(session))
    },
    clearSession(): void {
      storage.removeItem(sessionKey)
    },
    /** Takes the pending sign-in out of storage (it is used once), or `null`. */
    takePending(now: number): PendingSignIn | null {
      const value = read(storage, pendingKey)
      storage.removeItem(pendingKey)
      if (
        value === null ||
        typeof value.state !== 'string' ||
        typeof value.redirectUri !== 'string' ||
        (value.responseType !== 'code' && value.responseType !== 'token') ||
        !optionalString(value.verifier) ||
        !optionalString(value.nonce) ||
        typeof value.startedAt !== 'number' ||
        now - value.startedAt > PENDING_LIFETIME_MS
      ) {
        return null
      }
      return value as unknown as PendingSignIn
    },
    savePending(pending: PendingSignIn): void {
      storage.setItem(pendingKey, JSON.stringify(pending))
    },
  }
}

/**
 * The store {@link createSessionStore} returns.
 *
 * @example
 * ```ts
 * const store: SessionStore = createSessionStore(localStorage, apiKey)
 * ```
 */
export type SessionStore = ReturnType<typeof createSessionStore>
