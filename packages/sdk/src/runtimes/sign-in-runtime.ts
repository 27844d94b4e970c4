import type { Core } from '../core/client'
import type { Emitter } from '../core/emitter'
import { createBrowserSignIn } from './browser/browser-sign-in'
import { windowPage } from './browser/page'
import { createNativeSignIn } from './native/native-sign-in'
import type { SignInOptions } from './oauth/sign-in-options'
import type { SignInEvents } from './oauth/sign-in-session'

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
  return flow
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
  return flow
}
