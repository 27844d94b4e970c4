import { systemClock } from '../core/clock'
import type { Emitter } from '../core/emitter'
import { PullSignError } from '../core/errors'
import { createMemoryStorage } from '../core/memory-storage'
import type { Clock, StorageLike } from '../core/seams'
import type { Endpoints } from '../wire/endpoints'
import { createBrowserSignIn } from './browser/browser-sign-in'
import { windowPage } from './browser/page'
import {
  type SignInEnvironment,
  type SignInUser,
  signInEnvironmentField,
  signInUserField,
} from './browser/sign-in-props'
import type { SignInEvents, SignInResult, SignInSession } from './browser/sign-in-session'
import { createNativeSignIn } from './native/native-sign-in'
import type { SignInOptions } from './sign-in-options'

/**
 * What the client hands the sign-in runtime: the key, the endpoints, its emitter, the seams the
 * user passed, and the native deep link when there is one.
 *
 * @example
 * ```ts
 * const config: SignInRuntimeConfig = { apiKey, endpoints, events, signIn: {} }
 * ```
 */
export interface SignInRuntimeConfig {
  apiKey: string
  endpoints: Endpoints
  events: Emitter<SignInEvents>
  signIn: SignInOptions
  redirectUrl?: string
  openUrl?: (url: string) => unknown
  fetch?: typeof globalThis.fetch
  storage?: StorageLike
  clock?: Clock
}

/**
 * A browser or native sign-in, started.
 *
 * @example
 * ```ts
 * const runtime: SignInRuntime = createSignInRuntime(config)
 * ```
 */
export interface SignInRuntime {
  session: SignInSession
  /** A field of the signed-in person; settles once signed in. */
  userField(field: keyof SignInUser): Promise<unknown>
  /** The JWT's claims, the Bearer or the `id_token`'s claims; settles once signed in. */
  environmentField(field: keyof SignInEnvironment): Promise<unknown>
  authorize(): Promise<SignInResult | undefined>
  handleRedirect(url: string): Promise<SignInResult>
  logout(): void
}

const random = (bytes: Uint8Array) => crypto.getRandomValues(bytes)

const fieldReaders = (session: SignInSession) => ({
  userField: (field: keyof SignInUser) => signInUserField(session, field),
  environmentField: (field: keyof SignInEnvironment) => signInEnvironmentField(session, field),
})

/**
 * Builds the browser runtime (a page: popup or redirect, session in `localStorage`) or the native
 * one (an `openUrl` was given: deep link, session in memory unless a storage is passed), and runs
 * its start sequence. Loaded by `import()` only when such a client is constructed, so a backend
 * bundle does not carry it.
 *
 * @example
 * ```ts
 * const runtime = createSignInRuntime({ apiKey, endpoints, events, signIn: {} })
 * await runtime.authorize()
 * ```
 */
export function createSignInRuntime(config: SignInRuntimeConfig): SignInRuntime {
  const fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const clock = config.clock ?? systemClock
  const base = { apiKey: config.apiKey, oauth: config.endpoints.oauth, ...config.signIn }
  if (config.openUrl !== undefined) {
    const native = createNativeSignIn(
      { ...base, redirectUrl: config.redirectUrl ?? '', openUrl: config.openUrl },
      {
        storage: config.storage ?? createMemoryStorage(),
        clock,
        random,
        fetch,
        events: config.events,
      },
    )
    void native.start()
    return { ...native, ...fieldReaders(native.session) }
  }
  const browser = createBrowserSignIn(
    { ...base, ...(config.redirectUrl ? { redirectUrl: config.redirectUrl } : {}) },
    {
      page: windowPage(),
      storage: config.storage ?? window.localStorage,
      clock,
      random,
      fetch,
      events: config.events,
    },
  )
  void browser.start()
  return {
    ...browser,
    ...fieldReaders(browser.session),
    handleRedirect: async () => {
      throw new PullSignError(
        'ERR_CONFIG',
        'handleRedirect is for native apps (construct PullSign with redirectUrl and openUrl); a page completes a redirect sign-in by itself on load',
      )
    },
  }
}
