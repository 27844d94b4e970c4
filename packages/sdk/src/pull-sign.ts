import { defineHasInstance } from './core/define-has-instance'
import { isBrowserRuntime, readEnv } from './core/environment'
import { PullSignError } from './core/errors/pull-sign-error'
import { type BackendClient, createBackendClient } from './runtimes/backend-client'
import { type BrowserClient, createBrowserClient } from './runtimes/browser/browser-client'
import type { ClientFactoryOptions } from './runtimes/client-options'
import { createNativeClient, type NativeClient } from './runtimes/native/native-client'
import type { SignInOptions } from './runtimes/oauth/sign-in-options'
import { createXappClient, type XappClient } from './runtimes/xapp/xapp-client'
import { isXappPage } from './runtimes/xapp/xapp-members'

/**
 * The four runtimes: what a client is, and so which members it has.
 *
 * @example
 * ```ts
 * const runtime: RuntimeName = pullsign.runtime
 * ```
 */
export type RuntimeName = 'backend' | 'browser' | 'native' | 'xapp'

/**
 * Options of `new PullSign(...)`: those of every factory; `runtime` forces one (else the secret
 * makes a backend, `openUrl` a native app, a page with `xAppToken` an xApp, another page a
 * browser client, anything else a backend).
 *
 * @example
 * ```ts
 * const options: PullSignOptions = { apiKey, apiSecret, endpoints: server.endpoints }
 * ```
 */
export interface PullSignOptions extends ClientFactoryOptions {
  /** The API secret (backend only); falls back to `PULLSIGN_API_SECRET`. */
  apiSecret?: string
  /** Browser: the whitelisted return URL; native: the app's deep link. */
  redirectUrl?: string
  /** Native apps: opens the sign-in URL; makes this client the native runtime. */
  openUrl?: (url: string) => unknown
  /** Browser and native sign-in: implicit or PKCE, popup or redirect, openid, network, signers. */
  signIn?: SignInOptions
  /** Forces the runtime; default: picked from the options and the page. */
  runtime?: RuntimeName
  /** xApp: where the wallet bridge logs its retries (default `console.warn`). */
  log?: (message: string) => void
}

/**
 * A client made by `new PullSign(...)`: one of the four; `runtime` narrows it.
 *
 * @example
 * ```ts
 * const pullsign = new PullSign(apiKey)
 * if (pullsign.runtime === 'browser') await pullsign.authorize()
 * ```
 */
export type PullSign = BackendClient | BrowserClient | NativeClient | XappClient

/**
 * The `PullSign` constructor's forms: the options object (typed by `runtime` when given), or the
 * API key followed by the secret (the field's backend SDKs) or by the options (their browser
 * SDKs).
 *
 * @example
 * ```ts
 * const backend = new PullSign(apiKey, apiSecret) // BackendClient
 * ```
 */
export interface PullSignConstructor {
  new (options: PullSignOptions & { runtime: 'backend' }): BackendClient
  new (options: PullSignOptions & { runtime: 'browser' }): BrowserClient
  new (options: PullSignOptions & { runtime: 'native' }): NativeClient
  new (options: PullSignOptions & { runtime: 'xapp' }): XappClient
  new (options: PullSignOptions & { apiSecret: string }): BackendClient
  new (options: PullSignOptions & { openUrl: (url: string) => unknown }): NativeClient
  new (options?: PullSignOptions): PullSign
  new (apiKey: string, apiSecret: string): BackendClient
  new (apiKey: string, options?: PullSignOptions): PullSign
  /** `client instanceof PullSign`: a client of any of the four runtimes, whichever factory made it. */
  [Symbol.hasInstance](value: unknown): value is PullSign
}

// (apiKey, apiSecret) as the field's backend SDKs; (apiKey, options) as their browser SDKs; an
// options object that is none is refused by the factory (openClient).
const normalize = (first: unknown, second: unknown): PullSignOptions =>
  typeof first === 'string'
    ? typeof second === 'object' && second !== null
      ? { ...second, apiKey: first }
      : { apiKey: first, apiSecret: second as string | undefined }
    : ((first ?? {}) as PullSignOptions)

const pickRuntime = (options: PullSignOptions): RuntimeName => {
  if (options.runtime !== undefined) return options.runtime
  if ((options.apiSecret ?? readEnv('PULLSIGN_API_SECRET')) !== undefined) return 'backend'
  if (options.openUrl !== undefined) return 'native'
  if (!isBrowserRuntime()) return 'backend'
  return isXappPage() ? 'xapp' : 'browser'
}

// Each factory reads only its own options; a secret given to another runtime is refused there.
const FACTORIES = {
  backend: createBackendClient,
  browser: createBrowserClient,
  native: createNativeClient,
  xapp: createXappClient,
} as Record<RuntimeName, (options: PullSignOptions) => PullSign>

const create = (options: PullSignOptions): PullSign => {
  const factory = FACTORIES[pickRuntime(options)]
  if (!factory) throw new PullSignError('ERR_CONFIG', `runtime must be ${Object.keys(FACTORIES)}`)
  return factory(options)
}

/**
 * The pullsign client for script tags and the field's habits: picks one of the four runtimes
 * (`createBackendClient`, `createBrowserClient`, `createNativeClient`, `createXappClient`) from
 * the options and the page, and returns it: the plain object that factory makes, whose `runtime`
 * says which (and narrows its type). `client instanceof PullSign` holds for a client of any
 * runtime, made here or by its factory. Every failure rejects with a `PullSignError`; nothing
 * resolves `null`.
 *
 * @example
 * ```ts
 * import { PullSign } from 'pullsign'
 *
 * const pullsign = new PullSign(process.env.PULLSIGN_API_KEY!, process.env.PULLSIGN_API_SECRET!)
 * const { created, resolved } = await pullsign.payload.createAndSubscribe({ TransactionType: 'SignIn' })
 * console.log('sign at', created.next.always, (await resolved).meta.signed)
 * ```
 */
export const PullSign = /* @__PURE__ */ defineHasInstance(
  // Named by its key: a bundler renames a class declared `class PullSign` inside `const PullSign`
  // (esbuild made it `PullSign2`), never a property key, so `PullSign.name` stays 'PullSign'.
  {
    PullSign: class {
      constructor(first?: unknown, second?: unknown) {
        // biome-ignore lint/correctness/noConstructorReturn: the facade hands back the runtime it picked
        return create(normalize(first, second))
      }
    },
  }.PullSign,
  // Any client of the four runtimes, whichever made it: told apart by `runtime`, as its type is.
  (value) => ((value as { runtime?: unknown } | null | undefined)?.runtime as string) in FACTORIES,
) as PullSignConstructor
