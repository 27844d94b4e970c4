import type { Context, Handler, Hono } from 'hono'
import type { RouteClass } from '../../platform'
import { rateLimited } from '../../platform'
import type { HttpEnv } from '../http-env'
import {
  type Credential,
  type CredentialKind,
  type CredentialParts,
  verifyCredential,
} from './credentials'

/** What an API route requires: the credential kinds it accepts and its rate-limit class. */
export interface GuardOptions {
  credentials: readonly [CredentialKind, ...CredentialKind[]]
  routeClass: RouteClass
}

/** A route's own work, once its caller is verified (`c.get('credential')`) and charged. */
type GuardedHandler<P extends string> = (c: Context<HttpEnv, P>) => Response | Promise<Response>

/** Registers a guarded route; the path's parameters type `c.req.param`. */
type Register = <P extends string>(path: P, handler: GuardedHandler<P>) => void

/**
 * Registers API routes behind the first step of every API route: verify the caller, then take
 * one call from its sliding minute (docs/protocol.md §1). Input is validated after this step and before
 * any state change; the call counts even when its input turns out bad, as production counts calls.
 * The step wraps each route's handler rather than running as middleware, so a request runs one
 * function, not a middleware chain (the chain was a tenth of a GET).
 *
 * @example
 * ```ts
 * const api = guardedRoutes(guard, routes, { credentials: ['key-secret'], routeClass: 'default' })
 * api.get('/payload/:uuid', (c) => json(c, payloads.get(c.get('credential').application, c.req.param('uuid'))))
 * ```
 */
export function guardedRoutes(
  guard: CredentialParts,
  routes: Hono<HttpEnv>,
  options: GuardOptions,
): { get: Register; post: Register; delete: Register } {
  const guarded = <P extends string>(handler: GuardedHandler<P>): Handler<HttpEnv, P> => {
    const proceed = (c: Context<HttpEnv, P>, credential: Credential) => {
      c.set('credential', credential)
      const rate = guard.rateLimits.take(credential.application.uuid, options.routeClass)
      c.set('rate', rate)
      if (rate.retryAfter !== null) throw rateLimited(rate.retryAfter)
      return handler(c)
    }
    return (c) => {
      c.set('routeClass', options.routeClass)
      const credential = verifyCredential(c.req.raw, guard, options.credentials)
      // A Bearer verifies asynchronously; a key and secret go on without a promise.
      return credential instanceof Promise
        ? credential.then((verified) => proceed(c, verified))
        : proceed(c, credential)
    }
  }
  return {
    get: (path, handler) => void routes.get(path, guarded(handler)),
    post: (path, handler) => void routes.post(path, guarded(handler)),
    delete: (path, handler) => void routes.delete(path, guarded(handler)),
  }
}
