import type { Core } from '../../core/client'
import { Emitter } from '../../core/emitter'
import { PullSignError } from '../../core/errors/pull-sign-error'
import type { SignInError } from '../../core/errors/sign-in-errors'
import type { Clock } from '../../core/seams'
import type { OAuthUserinfo } from '../../wire/oauth'
import { decodeJwtClaims } from './jwt-claims'
import { oauthRequest } from './oauth-request'
import { createSessionStore, type SessionStore, type StoredSession } from './session-store'
import type { SignInTokens } from './token-exchange'

/**
 * The events of a browser or native client, in the order the field's SDKs emit them: signed out
 * at start `retrieving`, `ready`, then `success` after sign-in; already signed in `retrieving`,
 * `success`, `retrieved`, `ready`; `logout` then `loggedout`; `loggedout` alone when the JWT
 * expires or the platform or the provider refuses it; `error` with the error.
 *
 * @example
 * ```ts
 * pullsign.on('success', () => console.log('signed in'))
 * pullsign.on('error', (err) => console.log(err.code))
 * ```
 */
export type SignInEvents = {
  retrieving: undefined
  retrieved: undefined
  ready: undefined
  success: undefined
  logout: undefined
  loggedout: undefined
  error: PullSignError
}

/**
 * What `authorize()` resolves: the person (`/userinfo`, docs/protocol.md §7.1) and the JWT.
 *
 * @example
 * ```ts
 * const { me, jwt } = await pullsign.authorize()
 * console.log(me.account)
 * ```
 */
export interface SignInResult {
  me: OAuthUserinfo
  jwt: string
}

interface Waiting {
  promise: Promise<StoredSession>
  resolve: (session: StoredSession) => void
}

const waiting = (): Waiting => {
  let resolve: (session: StoredSession) => void = () => {}
  const promise = new Promise<StoredSession>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

const asError = (err: unknown): PullSignError =>
  err instanceof PullSignError
    ? err
    : new PullSignError('ERR_RESPONSE', `sign-in failed: ${String(err)}`, { cause: err })

/**
 * The signed-in state a browser or native client shares: the JWT kept in the storage seam until
 * it expires, the events, the person's details, logout and expiry. Flows (popup, redirect, deep
 * link) only hand it tokens.
 *
 * @example
 * ```ts
 * const session = new SignInSession({ store, core })
 * session.events.on('success', () => console.log(session.jwt))
 * void session.start(null)
 * ```
 */
export class SignInSession {
  declare readonly events: Emitter<SignInEvents>
  readonly #deps: SessionDeps
  readonly #clock: Clock
  #current: StoredSession | null = null
  #claims: Record<string, unknown> | null = null
  #expiry: unknown
  #waiting = waiting()
  #userinfo: Promise<OAuthUserinfo> | null = null

  constructor(deps: SessionDeps) {
    this.#deps = deps
    this.#clock = deps.core.seams.clock
    this.events = deps.events ?? new Emitter<SignInEvents>()
    // The client's close() ends the expiry timer (the session stays stored).
    deps.core.hold(() => this.#clock.clearTimeout(this.#expiry))
  }

  /** The JWT while signed in, else `null`. */
  get jwt(): string | null {
    return this.#current?.jwt ?? null
  }

  /** The JWT's claims while signed in, else `null`. */
  get claims(): Record<string, unknown> | null {
    return this.#claims
  }

  /** The stored `id_token` (scope `openid`) while signed in. */
  get idToken(): string | undefined {
    return this.#current?.idToken
  }

  /** Settles with the session once signed in (at once when already signed in). */
  signedIn(): Promise<StoredSession> {
    return this.#waiting.promise
  }

  /**
   * The start sequence: `retrieving`; then the answer of a sign-in that came back to this page
   * (if any), else the stored session; then `success`, `retrieved`, `ready` when signed in, or
   * only `ready`. Makes no request unless there is an answer to complete.
   */
  async start(answer: (() => Promise<SignInTokens>) | null): Promise<void> {
    // A microtask first: the client holds this runtime by then, so its `state` read in these
    // events' listeners is this session's (a restored one reads signed in inside `ready`).
    await undefined
    this.events.emit('retrieving', undefined)
    if (answer !== null) {
      try {
        this.#activate(this.#save(await answer()))
      } catch (err) {
        this.events.emit('error', asError(err))
      }
    } else {
      const stored = this.#deps.store.loadSession(this.#clock.now())
      if (stored !== null) this.#activate(stored)
    }
    if (this.#current !== null) {
      this.events.emit('success', undefined)
      this.events.emit('retrieved', undefined)
    }
    this.events.emit('ready', undefined)
  }

  /** Keeps the tokens of a completed sign-in, emits `success`, and returns `{me, jwt}`. */
  async signIn(tokens: SignInTokens): Promise<SignInResult> {
    this.#activate(this.#save(tokens))
    this.events.emit('success', undefined)
    return { me: await this.userinfo(), jwt: tokens.accessToken }
  }

  /**
   * Reports a failed sign-in as an `error` event and returns it for rethrowing; a JWT the
   * provider refused ended the session instead, and `loggedout` said so.
   */
  fail(err: unknown): PullSignError {
    const error = asError(err)
    if ((error as SignInError).reason !== 'not-signed-in') this.events.emit('error', error)
    return error
  }

  /** The person's details from `{oauth}/userinfo`, fetched once per sign-in. */
  async userinfo(): Promise<OAuthUserinfo> {
    const { jwt } = await this.signedIn()
    this.#userinfo ??= oauthRequest(
      this.#deps.core,
      'userinfo',
      { headers: { authorization: `Bearer ${jwt}` } },
      [jwt],
    ).then(
      (body) => {
        // The person shown to the app must be the one the JWT names (docs/protocol.md §7.1).
        if (body.account !== this.#claims?.sub || typeof body.sub !== 'string') {
          this.#userinfo = null
          throw new PullSignError(
            'ERR_RESPONSE',
            '[GET /userinfo] the answer does not describe the signed-in account',
          )
        }
        return body as unknown as OAuthUserinfo
      },
      (err) => {
        // A JWT the provider refused ends the session as a JWT route's 814 does: `loggedout`.
        if ((err as SignInError).reason === 'not-signed-in' && this.jwt === jwt) this.end()
        throw err
      },
    )
    return this.#userinfo
  }

  /** Forgets the session: `logout`, then `loggedout`. */
  logout(): void {
    this.events.emit('logout', undefined)
    this.end()
  }

  #save(tokens: SignInTokens): StoredSession {
    const claims = decodeJwtClaims(tokens.accessToken)
    const now = this.#clock.now()
    const byLifetime = now + tokens.expiresIn * 1000
    const byClaim = typeof claims?.exp === 'number' ? claims.exp * 1000 : byLifetime
    const session: StoredSession = {
      jwt: tokens.accessToken,
      expiresAt: Math.min(byLifetime, byClaim),
      ...(tokens.idToken === undefined ? {} : { idToken: tokens.idToken }),
    }
    this.#deps.store.saveSession(session)
    return session
  }

  #activate(session: StoredSession): void {
    this.#clock.clearTimeout(this.#expiry)
    // A second sign-in replaces the first: later waiters get the new session.
    if (this.#current !== null) this.#waiting = waiting()
    this.#current = session
    this.#claims = decodeJwtClaims(session.jwt)
    this.#userinfo = null
    this.#waiting.resolve(session)
    // A closed client sets no timer: nothing may outlive its close().
    if (this.#deps.core.signal.aborted) return
    this.#expiry = this.#clock.setTimeout(
      () => this.end(),
      Math.max(0, session.expiresAt - this.#clock.now()),
    )
  }

  /** Ends the session the person did not end (JWT expired or refused): `loggedout` alone. */
  end(): void {
    this.#clock.clearTimeout(this.#expiry)
    this.#deps.store.clearSession()
    const wasSignedIn = this.#current !== null
    this.#current = null
    this.#claims = null
    this.#userinfo = null
    if (wasSignedIn) this.#waiting = waiting()
    this.events.emit('loggedout', undefined)
  }
}

/**
 * What a {@link SignInSession} is built on.
 *
 * @example
 * ```ts
 * const deps: SessionDeps = { store, core }
 * ```
 */
export interface SessionDeps {
  store: SessionStore
  /** The resolved core: its clock, and its transport for `{oauth}/userinfo`. */
  core: Core
  /** The emitter to report on (the client's own, so listeners can attach before the session). */
  events?: Emitter<SignInEvents>
}

/**
 * What both sign-in runtimes start from: the store of one API key (in the core's storage), the
 * provider to exchange codes with, and the session on them.
 *
 * @example
 * ```ts
 * const { store, provider, session } = openSession(apiKey, core, events)
 * ```
 */
export function openSession(apiKey: string, core: Core, events?: Emitter<SignInEvents>) {
  const store = createSessionStore(core.seams.storage, apiKey)
  const provider = { core, clientId: apiKey }
  const session = new SignInSession({ store, core, events })
  return { store, provider, session }
}
