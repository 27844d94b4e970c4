import type { Core } from '../../core/client'
import type { Emitter } from '../../core/emitter'
import { PullSignError } from '../../core/errors/pull-sign-error'
import { SignInError } from '../../core/errors/sign-in-errors'
import { readRedirectResult } from '../oauth/redirect-result'
import { sessionReaders } from '../oauth/session-readers'
import { acceptAnswer } from '../oauth/sign-in-answer'
import { openSession, type SignInEvents, type SignInResult } from '../oauth/sign-in-session'
import { type SignInRequest, signInUrl, startSignIn } from '../oauth/sign-in-start'

/**
 * How a native app signs in: PKCE through a deep link (docs/protocol.md §7.1 allows custom-scheme
 * redirect URIs such as `myapp://signin`).
 *
 * @example
 * ```ts
 * const options: NativeSignInOptions = {
 *   apiKey,
 *   oauth: endpoints.oauth,
 *   redirectUrl: 'myapp://signin',
 *   openUrl: (url) => Linking.openURL(url),
 * }
 * ```
 */
export interface NativeSignInOptions extends SignInRequest {
  /** The app's deep link, whitelisted for the application. */
  redirectUrl: string
  /** Opens the sign-in URL in the system browser (or an auth session). */
  openUrl: (url: string) => unknown
}

/**
 * What the native sign-in runs on: the resolved core (storage, clock, random bytes, transport)
 * and the client's emitter.
 *
 * @example
 * ```ts
 * const deps: NativeDeps = { core }
 * ```
 */
export interface NativeDeps {
  core: Core
  /** The client's emitter, so listeners attached before the runtime loaded hear it. */
  events?: Emitter<SignInEvents>
}

/**
 * The native sign-in: `authorize()` opens `{oauth}/auth` through `openUrl` and settles when the
 * app hands the deep link it was opened with to `handleRedirect(url)`. The pending sign-in is kept
 * in storage, so an app restarted by the deep link still completes it. It is the runtime a native client
 * holds: its Bearer, state and fields are the session's ({@link sessionReaders}).
 *
 * @example
 * ```ts
 * const signIn = createNativeSignIn(options, { core })
 * const result = signIn.authorize()
 * // later, in the app's deep-link handler:
 * await signIn.handleRedirect('myapp://signin?code=…&state=…')
 * const { me } = await result
 * ```
 */
export function createNativeSignIn(options: NativeSignInOptions, { core, events }: NativeDeps) {
  if (typeof options.openUrl !== 'function') {
    throw new PullSignError('ERR_CONFIG', 'openUrl must be a function')
  }
  try {
    new URL(options.redirectUrl)
  } catch {
    throw new PullSignError(
      'ERR_CONFIG',
      'redirectUrl must be an absolute URL such as myapp://signin',
    )
  }
  const { store, provider, session } = openSession(options.apiKey, core, events)
  let waiter: { resolve(r: SignInResult): void; reject(e: unknown): void } | null = null

  return {
    session,
    ...sessionReaders(session),
    /** The start sequence: restores a stored session; makes no request. */
    start: () => session.start(null),
    /** Opens the sign-in; settles when {@link handleRedirect} gets the deep link back. */
    async authorize(): Promise<SignInResult> {
      if (session.jwt !== null) return { me: await session.userinfo(), jwt: session.jwt }
      const started = await startSignIn(
        options,
        { random: core.seams.randomBytes, clock: core.seams.clock },
        options.redirectUrl,
        'code',
      )
      const { challenge: _, ...kept } = started
      store.savePending(kept)
      const result = new Promise<SignInResult>((resolve, reject) => {
        waiter?.reject(new SignInError('popup-closed', 'a newer sign-in replaced this one'))
        waiter = { resolve, reject }
      })
      await options.openUrl(signInUrl(options, started, false))
      return result
    },
    /**
     * Completes the sign-in from the deep link the app was opened with; resolves `{me, jwt}`.
     * A link that is not a sign-in answer rejects and changes nothing; an answer that does not
     * match the pending sign-in (another `state`) rejects and ends that sign-in, which is then
     * started again with `authorize()`.
     */
    async handleRedirect(url: string): Promise<SignInResult> {
      let answer = null
      try {
        answer = readRedirectResult(new URL(url).searchParams)
      } catch {
        // not a URL: reported below as not an answer
      }
      if (answer === null) {
        throw new SignInError('invalid-response', 'the link is not a sign-in answer: ignored')
      }
      const current = waiter
      waiter = null
      try {
        const tokens = await acceptAnswer(
          answer,
          store.takePending(core.seams.clock.now()),
          provider,
        )
        const result = await session.signIn(tokens)
        current?.resolve(result)
        return result
      } catch (err) {
        const error = session.fail(err)
        current?.reject(error)
        throw error
      }
    },
    logout: () => session.logout(),
  }
}

/**
 * The object {@link createNativeSignIn} returns.
 *
 * @example
 * ```ts
 * const signIn: NativeSignIn = createNativeSignIn(options, { core })
 * ```
 */
export type NativeSignIn = ReturnType<typeof createNativeSignIn>
