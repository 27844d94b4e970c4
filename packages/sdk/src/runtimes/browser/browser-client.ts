import { createJwtLookups } from '../../api/lookups'
import { createPayloadApi } from '../../api/payload'
import { createUserStoreApi } from '../../api/user-store'
import { Emitter } from '../../core/emitter'
import type { PullSignError } from '../../core/errors/pull-sign-error'
import { platformClient } from '../../core/platform-client'
import type { OAuthJwtClaims } from '../../wire/oauth'
import type { BrowserOptions } from '../client-options'
import { openClient } from '../client-setup'
import { deferredEnvironment, deferredUser } from '../deferred-props'
import { jwtState, type SignInClient } from '../jwt-client'
import { jwtCredentials } from '../jwt-credentials'
import { loadSignInRuntime } from '../lazy-runtimes'
import type { SignInEvents, SignInResult } from '../oauth/sign-in-session'
import type { BrowserSignIn } from './browser-sign-in'

/**
 * A page's client: signs the person in (OAuth2 PKCE or implicit, popup or redirect,
 * docs/protocol.md §7.1) and calls the JWT routes as them. No API secret, no backend routes, no
 * wallet commands.
 *
 * @example
 * ```ts
 * const pullsign: BrowserClient = createBrowserClient({ apiKey })
 * ```
 */
export interface BrowserClient extends SignInClient {
  readonly runtime: 'browser'
  /**
   * Signs the person in: a popup (PKCE by default), or a full redirect when asked or when the
   * browser blocks the popup. Resolves `{me, jwt}`, or `undefined` when the page is leaving for
   * a redirect (the page loaded back completes it and emits `success`). Rejects with a
   * `SignInError`, also when the provider refuses the request (`provider`, with its `error` and
   * `error_description`).
   */
  authorize(): Promise<SignInResult | undefined>
}

/**
 * Creates a page's client. Its session is kept in `localStorage` (or the `storage` given); a page
 * loaded back from a redirect sign-in completes it by itself. Importing the SDK touches no
 * `window`; creating this client does. `apiSecret` is refused (a type error, and `ERR_CONFIG`
 * naming the field at run time).
 *
 * @example
 * ```ts
 * import { createBrowserClient } from 'pullsign'
 *
 * const pullsign = createBrowserClient({ apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b' })
 * pullsign.on('success', async () => console.log('signed in as', await pullsign.user.account))
 * button.onclick = () => pullsign.authorize()
 * ```
 */
export function createBrowserClient(options: BrowserOptions): BrowserClient {
  const { apiKey, core } = openClient(options, {
    refusesSecret: 'createBrowserClient',
    storage: () => window.localStorage,
  })
  const events = new Emitter<SignInEvents>()
  let started: BrowserSignIn | undefined
  // The sign-in runtime loads on demand (a backend bundle never carries it) and starts after this
  // factory returns, so listeners attached right after it hear its first events.
  const { signIn, redirectUrl } = options
  const runtime = loadSignInRuntime().then(
    (m) => (started = m.startBrowserRuntime({ apiKey, core, events, signIn, redirectUrl })),
  )
  runtime.catch((error: PullSignError) => events.emit('error', error))
  // `payload.create` reaches the wire in five files, this one first: api/payload.ts (the
  // request), core/platform-client.ts (base path and credentials: the Bearer of
  // ../jwt-credentials.ts), core/client.ts (the one `send`), core/transport.ts (docs/architecture.md).
  const client = platformClient(core, jwtCredentials(runtime))
  return {
    ...createJwtLookups(client),
    runtime: 'browser',
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
    logout: async () => (await runtime).logout(),
    close: core.close,
  }
}
