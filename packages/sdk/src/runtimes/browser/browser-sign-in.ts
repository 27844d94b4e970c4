import type { Core } from '../../core/client'
import type { Emitter } from '../../core/emitter'
import { cleanRedirectUrl, readRedirectResult } from '../oauth/redirect-result'
import { sessionReaders } from '../oauth/session-readers'
import { acceptAnswer } from '../oauth/sign-in-answer'
import { openSession, type SignInEvents, type SignInResult } from '../oauth/sign-in-session'
import {
  type SignInRequest,
  type StartedSignIn,
  signInUrl,
  startSignIn,
} from '../oauth/sign-in-start'
import type { PageSeam } from './page'
import { runPopup } from './popup-flow'

/**
 * How a page signs in (docs/protocol.md §7.1).
 *
 * @example
 * ```ts
 * const options: BrowserSignInOptions = { apiKey, oauth: endpoints.oauth, implicit: false, openid: true }
 * ```
 */
export interface BrowserSignInOptions extends SignInRequest {
  /** Where the provider sends the person back; whitelisted for the app. Default: this page. */
  redirectUrl?: string
  /** The implicit flow (token in the answer) instead of PKCE. */
  implicit?: boolean
  /** Sign in with a full redirect instead of a popup. */
  redirect?: boolean
}

/**
 * What the browser sign-in runs on: the resolved core (storage, clock, random bytes, transport),
 * the page, and the client's emitter; tests pass their own.
 *
 * @example
 * ```ts
 * const deps: BrowserDeps = { core, page: windowPage() }
 * ```
 */
export interface BrowserDeps {
  core: Core
  page: PageSeam
  /** The client's emitter, so listeners attached before the runtime loaded hear it. */
  events?: Emitter<SignInEvents>
}

/**
 * The browser sign-in: popup PKCE by default, implicit or full redirect on request, a blocked
 * popup falling back to a redirect, and a page loaded back from a redirect completing the sign-in
 * by itself (its URL cleaned of the answer). Nothing touches the network before `start()` finds
 * an answer in the URL or `authorize()` is called. It is the runtime a browser client holds: its Bearer,
 * state and fields are the session's ({@link sessionReaders}).
 *
 * @example
 * ```ts
 * const signIn = createBrowserSignIn({ apiKey, oauth }, { core, page: windowPage() })
 * signIn.session.events.on('success', () => console.log(signIn.session.jwt))
 * void signIn.start()
 * button.onclick = () => signIn.authorize()
 * ```
 */
export function createBrowserSignIn(options: BrowserSignInOptions, deps: BrowserDeps) {
  const { core, page } = deps
  const { clock } = core.seams
  const { store, provider, session } = openSession(options.apiKey, core, deps.events)
  const responseType = options.implicit ? 'token' : 'code'
  let inFlight: Promise<SignInResult | undefined> | null = null

  const begin = () =>
    startSignIn(
      options,
      { random: core.seams.randomBytes, clock },
      options.redirectUrl || cleanRedirectUrl(page.href()).replace(/#.*$/, ''),
      responseType,
    )

  const redirect = (pending: StartedSignIn): undefined => {
    const { challenge: _, ...kept } = pending
    store.savePending(kept)
    page.navigate(signInUrl(options, pending, false))
    return undefined
  }

  const authorize = async (): Promise<SignInResult | undefined> => {
    core.signal.throwIfAborted() // a closed client opens no window
    if (session.jwt !== null) return { me: await session.userinfo(), jwt: session.jwt }
    const pending = await begin()
    if (options.redirect) return redirect(pending)
    const answer = await runPopup({
      page,
      clock,
      signal: core.signal,
      url: signInUrl(options, pending, true),
      providerOrigin: new URL(options.oauth).origin,
    })
    // A blocked popup must not leave the caller waiting forever: sign in by redirect instead.
    if (answer === 'blocked') return redirect(pending)
    return session.signIn(await acceptAnswer(answer, pending, provider))
  }

  return {
    session,
    ...sessionReaders(session),
    /** The start sequence; completes a sign-in this page was loaded back from. */
    start(): Promise<void> {
      const answer = readRedirectResult(new URL(page.href()).searchParams)
      if (answer === null) return session.start(null)
      page.replaceUrl(cleanRedirectUrl(page.href()))
      const pending = store.takePending(clock.now())
      return session.start(() => acceptAnswer(answer, pending, provider))
    },
    /**
     * Signs in; resolves `{me, jwt}`, or `undefined` when the page is leaving for a redirect
     * sign-in (the page loaded back completes it). Rejects with a `SignInError` (also emitted as
     * `error`) when the sign-in fails.
     */
    authorize(): Promise<SignInResult | undefined> {
      inFlight ??= authorize()
        .catch((err: unknown) => {
          throw session.fail(err)
        })
        .finally(() => {
          inFlight = null
        })
      return inFlight
    },
    logout(): void {
      session.logout()
    },
  }
}

/**
 * The object {@link createBrowserSignIn} returns.
 *
 * @example
 * ```ts
 * const signIn: BrowserSignIn = createBrowserSignIn(options, { core, page: windowPage() })
 * ```
 */
export type BrowserSignIn = ReturnType<typeof createBrowserSignIn>
