import type { UserTokenInfo, UserTokensResponse } from 'pullsign/wire'
import type { Application } from '../applications/applications'
import type { Clock } from '../clock'
import { badBody, notFound } from '../errors'
import { newUuid } from '../ids'
import type { UserTokensState } from './user-tokens-state'

/** A user token: binds one user to one application (docs/protocol.md §6). */
export interface UserToken {
  token: string
  appUuid: string
  userUuid: string
  /** ms since the epoch. */
  issued: number
  /** ms since the epoch; every signature of the application moves it (sliding validity). */
  expires: number
  revoked: boolean
}

/** User tokens: issue/renew on signing, verify, revoke. */
export interface UserTokens {
  /**
   * Issues a token for (application, user), or renews the active one: its validity restarts from
   * now (docs/protocol.md §3.5 step 1, §6).
   */
  issue(app: Application, userUuid: string): UserToken
  /** The user of an active token of this application, or null (unknown, foreign, expired, revoked). */
  userOf(app: Application, token: unknown): string | null
  /** POST `user-tokens`: validates `{tokens: string[]}` and reports each one. */
  verify(app: Application, tokens: unknown): UserTokensResponse
  /** Revokes a token of a user; 404 when the user holds no such token. */
  revoke(userUuid: string, token: string): void
  /** The token record, or null. */
  find(token: string): UserToken | null
  /** Tokens a user holds, newest first. */
  ofUser(userUuid: string): UserToken[]
  /** Counts the changes of the state it saves: a snapshot writes its part again only when it moved. */
  readonly changes: number
  /** Every token, oldest first, for a snapshot (src/state/snapshot.ts). */
  saveState(): UserTokensState
  /** Replaces every token with a checked snapshot part. */
  loadState(state: UserTokensState): void
  /** Forgets every token of an application (its reset). */
  forgetApplication(appUuid: string): void
  clear(): void
}

const DAY_MS = 86_400_000
const MAX_TOKENS_PER_CALL = 50

const seconds = (ms: number) => Math.floor(ms / 1000)

/**
 * Creates the user token part of the platform.
 *
 * @example
 * ```ts
 * const tokens = createUserTokens({ clock })
 * const token = tokens.issue(app, user.uuid)
 * tokens.userOf(app, token.token) === user.uuid // true, for 30 days (app.tokenValidityDays)
 * ```
 */
export function createUserTokens(deps: { clock: Clock }): UserTokens {
  const byToken = new Map<string, UserToken>()
  // The token a user currently holds for an application, keyed `${appUuid} ${userUuid}`.
  const current = new Map<string, UserToken>()
  let changes = 0

  const isActive = (token: UserToken) => !token.revoked && deps.clock.now() < token.expires

  const info = (app: Application, value: string): UserTokenInfo => {
    const token = byToken.get(value)
    if (!token || token.appUuid !== app.uuid) {
      // Foreign and unknown tokens look the same: nothing about another application leaks.
      return { user_token: value, active: false, issued: 0, expires: 0 }
    }
    return {
      user_token: value,
      active: isActive(token),
      issued: seconds(token.issued),
      expires: seconds(token.expires),
    }
  }

  return {
    issue(app, userUuid) {
      const now = deps.clock.now()
      const validity = app.tokenValidityDays * DAY_MS
      const key = `${app.uuid} ${userUuid}`
      const existing = current.get(key)
      changes++
      if (existing && isActive(existing)) {
        existing.expires = now + validity
        return existing
      }
      const token: UserToken = {
        token: newUuid(),
        appUuid: app.uuid,
        userUuid,
        issued: now,
        expires: now + validity,
        revoked: false,
      }
      byToken.set(token.token, token)
      current.set(key, token)
      return token
    },
    userOf(app, value) {
      if (typeof value !== 'string') return null
      const token = byToken.get(value)
      if (!token || token.appUuid !== app.uuid || !isActive(token)) return null
      return token.userUuid
    },
    verify(app, tokens) {
      if (
        !Array.isArray(tokens) ||
        tokens.length === 0 ||
        !tokens.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 256)
      ) {
        throw badBody('tokens', 'must be a non-empty array of user token strings')
      }
      if (tokens.length > MAX_TOKENS_PER_CALL) {
        throw badBody('tokens', `must hold at most ${MAX_TOKENS_PER_CALL} tokens`)
      }
      return { tokens: (tokens as string[]).map((value) => info(app, value)) }
    },
    revoke(userUuid, value) {
      const token = byToken.get(value)
      if (!token || token.userUuid !== userUuid) throw notFound('user token')
      token.revoked = true
      changes++
    },
    find: (value) => byToken.get(value) ?? null,
    ofUser: (userUuid) =>
      [...byToken.values()]
        .filter((t) => t.userUuid === userUuid)
        .sort((a, b) => b.issued - a.issued),
    get changes() {
      return changes
    },
    saveState: () => [...byToken.values()].map((token) => ({ ...token })),
    loadState(state) {
      this.clear()
      // Oldest first: a later token of the same application and user is the current one.
      for (const saved of state) {
        const token = { ...saved }
        byToken.set(token.token, token)
        current.set(`${token.appUuid} ${token.userUuid}`, token)
      }
    },
    forgetApplication(appUuid) {
      for (const [value, token] of byToken) {
        if (token.appUuid !== appUuid) continue
        byToken.delete(value)
        current.delete(`${appUuid} ${token.userUuid}`)
      }
    },
    clear() {
      byToken.clear()
      current.clear()
      changes++
    },
  }
}
