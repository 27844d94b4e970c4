import type { Core } from '../core/client'
import type { Emitter } from '../core/emitter'
import { SignInError } from '../core/errors/sign-in-errors'
import { createBrowserSignIn } from './browser/browser-sign-in'
import { windowPage } from './browser/page'
import type { JwtRuntime } from './jwt-client'
import { createNativeSignIn } from './native/native-sign-in'
import type { SignInOptions } from './oauth/sign-in-options'
import {
  type SignInEnvironment,
  signInEnvironmentField,
  signInUserField,
} from './oauth/sign-in-props'
import type { SignInEvents, SignInSession } from './oauth/sign-in-session'

/**
 * What a browser or native client hands its sign-in: the key, the resolved core, its emitter and
 * the sign-in options.
 *
 * @example
 * ```ts
 * const config: SignInRuntimeConfig = { apiKey, core, events, signIn: {} }
 * ```
 */
export interface SignInRuntimeConfig {
  apiKey: string
  core: Core
  events: Emitter<SignInEvents>
  signIn: SignInOptions
  redirectUrl?: string
}

/**
 * A browser or native sign-in, started: its session and flow, and readers of the person's and
 * the environment's fields.
 *
 * @example
 * ```ts
 * const runtime: SignInRuntime = startBrowserRuntime(config)
 * ```
 */
export interface SignInRuntime extends JwtRuntime {
  session: SignInSession
  /** The JWT's claims, the Bearer or the `id_token`'s claims; settles once signed in. */
  environmentField(field: keyof SignInEnvironment): Promise<unknown>
  logout(): void
}

const withFields = <F extends { session: SignInSession; start(): Promise<void>; logout(): void }>(
  flow: F,
): F & SignInRuntime => {
  void flow.start()
  const { session } = flow
  return {
    ...flow,
    // Before sign-in a call rejects and sends nothing; a refused JWT ends the session (`loggedout`).
    bearer: async (where) => {
      if (session.jwt === null) {
        throw new SignInError(
          'not-signed-in',
          `${where} needs a signed-in person: call authorize() first`,
        )
      }
      return session.jwt
    },
    rejected: () => session.jwt !== null && session.end(),
    get status() {
      const claims = session.claims
      return {
        account: typeof claims?.sub === 'string' ? claims.sub : undefined,
        signedIn: !!claims,
      }
    },
    userField: (field) => signInUserField(session, field),
    environmentField: (field) => signInEnvironmentField(session, field),
  }
}

// What both sign-ins start from: the key, the provider's base and the page's sign-in options.
const signInOptions = ({ apiKey, core, signIn }: SignInRuntimeConfig) => ({
  apiKey,
  oauth: core.endpoints.oauth,
  ...signIn,
})

/**
 * Starts the browser sign-in (popup or redirect) over the resolved core and the window. Loaded
 * by `import()` only when a browser client is created, so a backend bundle does not carry it.
 *
 * @example
 * ```ts
 * const runtime = startBrowserRuntime({ apiKey, core, events, signIn: {} })
 * await runtime.authorize()
 * ```
 */
export function startBrowserRuntime(config: SignInRuntimeConfig) {
  const { core, events, redirectUrl } = config
  const options = { ...signInOptions(config), ...(redirectUrl ? { redirectUrl } : {}) }
  return withFields(createBrowserSignIn(options, { core, page: windowPage(), events }))
}

/**
 * Starts the native sign-in (deep link) over the resolved core.
 *
 * @example
 * ```ts
 * const runtime = startNativeRuntime({ apiKey, core, events, signIn: {}, redirectUrl: 'myapp://signin' }, openUrl)
 * ```
 */
export function startNativeRuntime(config: SignInRuntimeConfig, openUrl: (url: string) => unknown) {
  const options = { ...signInOptions(config), redirectUrl: config.redirectUrl ?? '', openUrl }
  return withFields(createNativeSignIn(options, config.core, config.events))
}
