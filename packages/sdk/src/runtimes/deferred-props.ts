import type { JwtRuntime } from './jwt-client'
import type { Environment, SignInUser } from './oauth/sign-in-props'

const USER_FIELDS: readonly (keyof SignInUser)[] = [
  'account',
  'networkType',
  'networkEndpoint',
  'name',
  'domain',
  'picture',
  'kycApproved',
  'proSubscription',
  'blocked',
  'source',
  'token',
]

const ENVIRONMENT_FIELDS: readonly (keyof Environment)[] = ['jwt', 'bearer', 'ott', 'openid']

// Each field is read on access from the runtime, which loads on demand: the sign-in and xApp
// runtimes (and the JWT decoding behind their fields) stay out of a backend bundle.
const deferred = <T>(fields: readonly (keyof T)[], read: (field: keyof T) => Promise<unknown>): T =>
  Object.defineProperties(
    {},
    Object.fromEntries(fields.map((k) => [k, { get: () => read(k), enumerable: true }])),
  ) as T

/**
 * `user` of every client but a backend's: each field a promise, read from the runtime on each
 * access so it follows the session as it changes.
 *
 * @example
 * ```ts
 * const user = deferredUser(runtime)
 * console.log(await user.account)
 * ```
 */
export const deferredUser = (runtime: Promise<JwtRuntime>): SignInUser =>
  deferred(USER_FIELDS, (field) => runtime.then((r) => r.userField(field)))

/**
 * `environment` of every client but a backend's: each field a promise, read from the runtime.
 *
 * @example
 * ```ts
 * const environment = deferredEnvironment<OAuthJwtClaims>(runtime)
 * console.log(await environment.bearer)
 * ```
 */
export const deferredEnvironment = <Claims>(runtime: Promise<JwtRuntime>): Environment<Claims> =>
  deferred(ENVIRONMENT_FIELDS, (field) => runtime.then((r) => r.environmentField(field)))
