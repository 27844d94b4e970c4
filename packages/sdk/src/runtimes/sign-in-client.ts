import type { Core } from '../core/client'
import { Emitter } from '../core/emitter'
import type { PullSignError } from '../core/errors'
import { deferredEnvironment, deferredUser } from './deferred-props'
import { type JwtClient, jwtClient } from './jwt-client'
import { loadSignInRuntime } from './lazy-runtimes'
import type { SignInEnvironment, SignInUser } from './oauth/sign-in-props'
import type { SignInEvents } from './oauth/sign-in-session'
import { signInCredentials } from './sign-in-credentials'
import type { SignInRuntime } from './sign-in-runtime'

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
  /** The signed-in person; each field a promise that settles once signed in. */
  readonly user: SignInUser
  /** `jwt` (claims), `bearer`, `ott` (`undefined` here), `openid`: promises, once signed in. */
  readonly environment: SignInEnvironment
  /** Whether someone is signed in, and their account. */
  readonly state: { account: string | undefined; signedIn: boolean }
  /** Forgets the session: `logout`, then `loggedout`. */
  logout(): Promise<void>
}

/** The sign-in module, as loaded on demand. */
type SignInModule = Awaited<ReturnType<typeof loadSignInRuntime>>

/**
 * A browser or native client: its sign-in runtime, loaded on demand (a backend bundle never
 * carries it), the members both clients share over it, and the runtime's own `members`.
 *
 * @example
 * ```ts
 * const client = signInClient(
 *   apiKey,
 *   core,
 *   (m, events) => m.startBrowserRuntime({ apiKey, core, events, signIn: {} }),
 *   (runtime) => ({ runtime: 'browser' as const, authorize: async () => (await runtime).authorize() }),
 * )
 * ```
 */
export function signInClient<R extends SignInRuntime, Members extends object>(
  apiKey: string,
  core: Core,
  start: (module: SignInModule, events: Emitter<SignInEvents>) => R,
  members: (runtime: Promise<R>) => Members,
): SignInClient & Members {
  const events = new Emitter<SignInEvents>()
  let started: R | null = null
  // The start sequence runs after the factory returns, so listeners attached right after it
  // hear `retrieving` and `ready`.
  const runtime = loadSignInRuntime().then((m) => {
    started = start(m, events)
    return started
  })
  // A client that cannot start (e.g. no page to run in) says so on `error`, not as an unhandled
  // rejection; calls that need the runtime reject with the same error.
  runtime.catch((error: PullSignError) => events.emit('error', error))
  return jwtClient(apiKey, core, signInCredentials(runtime), events, {
    ...members(runtime),
    user: deferredUser((field) => runtime.then((r) => r.userField(field))),
    environment: deferredEnvironment((field) => runtime.then((r) => r.environmentField(field))),
    get state() {
      const claims = started?.session.claims
      return {
        account: typeof claims?.sub === 'string' ? claims.sub : undefined,
        signedIn: !!claims,
      }
    },
    logout: async () => (await runtime).logout(),
  })
}
