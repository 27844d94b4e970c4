import { createJwtLookups } from '../../api/lookups'
import { createPayloadApi } from '../../api/payload'
import { createUserStoreApi } from '../../api/user-store'
import { Emitter } from '../../core/emitter'
import type { PullSignError } from '../../core/errors/pull-sign-error'
import { platformClient } from '../../core/platform-client'
import type { OAuthJwtClaims } from '../../wire/oauth'
import type { NativeOptions } from '../client-options'
import { openClient } from '../client-setup'
import { deferredEnvironment, deferredUser } from '../deferred-props'
import { jwtState, type SignInClient } from '../jwt-client'
import { jwtCredentials } from '../jwt-credentials'
import { loadSignInRuntime } from '../lazy-runtimes'
import type { SignInEvents, SignInResult } from '../oauth/sign-in-session'
import type { NativeSignIn } from './native-sign-in'

/**
 * A native app's client: signs the person in through the system browser and a deep link
 * (docs/protocol.md §7.1) and calls the JWT routes as them.
 *
 * @example
 * ```ts
 * const pullsign: NativeClient = createNativeClient({ apiKey, redirectUrl: 'myapp://signin', openUrl })
 * ```
 */
export interface NativeClient extends SignInClient {
  readonly runtime: 'native'
  /** Opens the sign-in; settles when `handleRedirect` gets the deep link back. */
  authorize(): Promise<SignInResult>
  /** Completes the sign-in from the deep link the app was opened with. */
  handleRedirect(url: string): Promise<SignInResult>
}

/**
 * Creates a native app's client: `authorize()` opens `{oauth}/auth` with `openUrl` and settles
 * once the app hands the deep link it was opened with to `handleRedirect(url)`. The session is
 * kept in memory unless a `storage` is given. `apiSecret` is refused.
 *
 * @example
 * ```ts
 * import { createNativeClient } from 'pullsign'
 *
 * const pullsign = createNativeClient({
 *   apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b',
 *   redirectUrl: 'myapp://signin',
 *   openUrl: (url) => Linking.openURL(url),
 * })
 * Linking.addEventListener('url', ({ url }) => pullsign.handleRedirect(url))
 * const { me } = await pullsign.authorize()
 * ```
 */
export function createNativeClient(options: NativeOptions): NativeClient {
  const { apiKey, core } = openClient(options, { refusesSecret: 'createNativeClient' })
  const events = new Emitter<SignInEvents>()
  let started: NativeSignIn | undefined
  // Loaded on demand and started after this factory returns, as the browser's; it checks
  // `openUrl` and `redirectUrl`, so an app that passed a wrong one hears it on `error`.
  const { signIn, redirectUrl, openUrl } = options
  const runtime = loadSignInRuntime().then(
    (m) => (started = m.startNativeRuntime({ apiKey, core, events, signIn, redirectUrl, openUrl })),
  )
  runtime.catch((error: PullSignError) => events.emit('error', error))
  const client = platformClient(core, jwtCredentials(runtime))
  return {
    ...createJwtLookups(client),
    runtime: 'native',
    apiKey,
    endpoints: core.endpoints,
    get rateLimit() {
      return core.rateLimit
    },
    payload: createPayloadApi(client),
    userstore: createUserStoreApi(client),
    user: deferredUser(runtime),
    environment: deferredEnvironment<OAuthJwtClaims>(runtime),
    get state() {
      return jwtState(started)
    },
    on: events.on,
    off: events.off,
    authorize: async () => (await runtime).authorize(),
    handleRedirect: async (url) => (await runtime).handleRedirect(url),
    logout: async () => (await runtime).logout(),
    close: core.close,
  }
}
