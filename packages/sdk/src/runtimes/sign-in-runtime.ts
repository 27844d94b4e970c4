import type { Core } from '../core/client'
import type { Emitter } from '../core/emitter'
import { SignInError } from '../core/errors/sign-in-errors'
import { createBrowserSignIn } from './browser/browser-sign-in'
import { windowPage } from './browser/page'
import type { JwtRuntime } from './jwt-client'
import { createNativeSignIn } from './native/native-sign-in'
import type { SignInOptions } from './oauth/sign-in-options'
import { signInEnvironmentField, signInUserField } from './oauth/sign-in-props'
import type { SignInEvents, SignInSession } from './oauth/sign-in-session'

/**
 * What a browser or native client hands its sign-in runtime: the key, the resolved core, its
 * emitter (so listeners attached before the runtime loaded hear it) and the sign-in options.
 *
 * @example
 * ```ts
 * const options: SignInRuntimeOptions = { apiKey, core, events, signIn: { openid: true } }
 * ```
 */
export interface SignInRuntimeOptions {
  apiKey: string
  core: Core
  events: Emitter<SignInEvents>
  signIn?: SignInOptions
  /** The page's return URL (default: the page itself), or the app's deep link. */
  redirectUrl?: string
}

/**
 * What a JWT client reads of a sign-in session (docs/protocol.md §7.1): before sign-in a call
 * rejects with `SignInError` `not-signed-in` and sends nothing; a JWT the platform refuses ends
 * the session (`loggedout`).
 *
 * @example
 * ```ts
 * const runtime = { ...sessionReaders(signIn.session), authorize: signIn.authorize }
 * ```
 */
export function sessionReaders(session: SignInSession) {
  return {
    bearer: async (where: string) => {
      if (session.jwt === null) {
        throw new SignInError(
          'not-signed-in',
          `${where} needs a signed-in person: call authorize() first`,
        )
      }
      return session.jwt
    },
    rejected: () => session.jwt !== null && session.end(),
    status: () => {
      const claims = session.claims
      return {
        account: typeof claims?.sub === 'string' ? claims.sub : undefined,
        signedIn: !!claims,
      }
    },
    userField: (field) => signInUserField(session, field),
    environmentField: (field) => signInEnvironmentField(session, field),
    logout: () => session.logout(),
  } satisfies JwtRuntime & { logout(): void }
}

/**
 * Starts the browser sign-in (popup or redirect) over the resolved core and the window; completes
 * a sign-in the page was loaded back from. Loaded by `import()` only when a browser client is
 * created, so a backend bundle does not carry it.
 *
 * @example
 * ```ts
 * const runtime = startBrowserRuntime({ apiKey, core, events })
 * await runtime.authorize()
 * ```
 */
export function startBrowserRuntime({
  apiKey,
  core,
  events,
  signIn,
  redirectUrl,
}: SignInRuntimeOptions) {
  const flow = createBrowserSignIn(
    { apiKey, oauth: core.endpoints.oauth, ...signIn, redirectUrl },
    { core, page: windowPage(), events },
  )
  void flow.start()
  return { ...sessionReaders(flow.session), authorize: flow.authorize }
}

/**
 * Starts the native sign-in (deep link) over the resolved core; restores a stored session.
 *
 * @example
 * ```ts
 * const runtime = startNativeRuntime({ apiKey, core, events, redirectUrl: 'myapp://signin', openUrl })
 * Linking.addEventListener('url', ({ url }) => runtime.handleRedirect(url))
 * ```
 */
export function startNativeRuntime({
  apiKey,
  core,
  events,
  signIn,
  redirectUrl = '',
  openUrl,
}: SignInRuntimeOptions & { openUrl: (url: string) => unknown }) {
  const flow = createNativeSignIn(
    { apiKey, oauth: core.endpoints.oauth, ...signIn, redirectUrl, openUrl },
    { core, events },
  )
  void flow.start()
  return {
    ...sessionReaders(flow.session),
    authorize: flow.authorize,
    handleRedirect: flow.handleRedirect,
  }
}

/**
 * The browser sign-in runtime, as {@link startBrowserRuntime} returns it.
 *
 * @example
 * ```ts
 * let started: BrowserRuntime | undefined
 * ```
 */
export type BrowserRuntime = ReturnType<typeof startBrowserRuntime>

/**
 * The native sign-in runtime, as {@link startNativeRuntime} returns it.
 *
 * @example
 * ```ts
 * let started: NativeRuntime | undefined
 * ```
 */
export type NativeRuntime = ReturnType<typeof startNativeRuntime>
