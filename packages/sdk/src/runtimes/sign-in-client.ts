import type { Core } from '../core/client'
import type { Emitter } from '../core/emitter'
import type { OAuthJwtClaims } from '../wire/oauth'
import type { ClientFactoryOptions } from './client-options'
import { openClient } from './client-setup'
import { deferredEnvironment } from './deferred-props'
import { type JwtClient, jwtClient } from './jwt-client'
import { loadSignInRuntime } from './lazy-runtimes'
import type { SignInOptions } from './oauth/sign-in-options'
import type { SignInEnvironment } from './oauth/sign-in-props'
import type { SignInEvents } from './oauth/sign-in-session'
import type { SignInRuntime, SignInRuntimeConfig } from './sign-in-runtime'

/**
 * What a browser and a native client share: the JWT routes, the signed-in person and the
 * sign-in's state and events (`retrieving`, `ready`, `success`, `retrieved`, `logout`,
 * `loggedout`, `error`).
 *
 * @example
 * ```ts
 * pullsign.on('success', async () => console.log(await pullsign.user.account))
 * ```
 */
export interface SignInClient extends JwtClient<SignInEvents> {
  /** `jwt` (claims), `bearer`, `ott` (`undefined` here), `openid`: promises, once signed in. */
  readonly environment: SignInEnvironment
  /** Forgets the session: `logout`, then `loggedout`. */
  logout(): Promise<void>
}

/** The sign-in module, as loaded on demand. */
type SignInModule = Awaited<ReturnType<typeof loadSignInRuntime>>

/**
 * A browser or native client: the options checked (no API secret: `factory` names the refusing
 * factory), its sign-in runtime loaded on demand (a backend bundle never carries it) and started
 * by `start`, the members both clients share over it, and the runtime's own `members`. Before
 * sign-in a call rejects with `SignInError` `not-signed-in` and sends nothing; a JWT the platform
 * refuses (814) ends the session (`loggedout`).
 *
 * @example
 * ```ts
 * const client = signInClient(options, 'createBrowserClient', undefined,
 *   (m, config) => m.startBrowserRuntime(config),
 *   (runtime) => ({ runtime: 'browser' as const, authorize: async () => (await runtime).authorize() }),
 * )
 * ```
 */
export function signInClient<R extends SignInRuntime, Members extends object>(
  options: ClientFactoryOptions & { signIn?: SignInOptions; redirectUrl?: string },
  factory: string,
  defaultStorage: Parameters<typeof openClient>[1],
  start: (module: SignInModule, config: SignInRuntimeConfig) => R,
  members: (runtime: Promise<R>) => Members,
): SignInClient & Members {
  const { apiKey, core }: { apiKey: string; core: Core } = openClient(
    options,
    defaultStorage,
    factory,
  )
  return jwtClient(
    apiKey,
    core,
    (events: Emitter<SignInEvents>) =>
      loadSignInRuntime().then((m) =>
        start(m, {
          apiKey,
          core,
          events,
          signIn: options.signIn ?? {},
          redirectUrl: options.redirectUrl,
        }),
      ),
    (runtime) => ({
      ...members(runtime),
      environment: deferredEnvironment<OAuthJwtClaims>((field) =>
        runtime.then((r) => r.environmentField(field)),
      ),
      logout: async () => (await runtime).logout(),
    }),
  )
}
